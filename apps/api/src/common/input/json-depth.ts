/**
 * The deepest nesting of objects and arrays in a JSON text, found in one pass without parsing,
 * so a body nested thousands of levels deep is refused before anything recursive (the parser's
 * consumers, class-transformer, class-validator) can overflow the stack on it. Brackets inside
 * strings do not count. Stops early once `limit` is passed and returns a value above it.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}
