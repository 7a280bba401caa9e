import Module, { createRequire } from 'node:module';

type Exports = (...args: unknown[]) => unknown;

/**
 * Puts a stand-in for libphonenumber-js's "max" build in `require.cache`, where class-validator
 * will find it, that loads the real module the first time anything is read from it or it is
 * called. class-validator requires that build as it loads (for `IsPhoneNumber`, one of the
 * decorators its index loads), and the build parses the phone-number metadata of every country
 * with it: 73 modules, 1.7 MB of heap, about 2 MB of RSS in every app (docs/architecture.md,
 * "Memory"), for a decorator no class of ours uses. Once loaded, the real module answers every
 * read, call and key listing through the stand-in, and a later `require` gets the real module
 * itself. A no-op when the module is loaded already.
 */
export function deferPhoneNumberMetadata(): void {
  // The very file class-validator would require, resolved from where it is installed.
  const requireAsClassValidator = createRequire(require.resolve('class-validator'));
  const file = requireAsClassValidator.resolve('libphonenumber-js/max');
  if (require.cache[file] !== undefined) return;
  let real: Exports | undefined;
  const load = (): Exports => {
    if (real === undefined) {
      delete require.cache[file];
      real = requireAsClassValidator('libphonenumber-js/max') as Exports;
    }
    return real;
  };
  // The real module's export is a function with the other exports as its properties; an arrow
  // function as the target has no `prototype` a proxy would have to report as the target's.
  const standIn = new Proxy<Exports>(() => undefined, {
    apply: (_target, thisArg, args: unknown[]) => Reflect.apply(load(), thisArg, args),
    get: (_target, key) => Reflect.get(load(), key) as unknown,
    has: (_target, key) => Reflect.has(load(), key),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
      // A proxy may only report a property non-configurable when its target has it so.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
  });
  const placeholder = new Module(file);
  placeholder.filename = file;
  placeholder.loaded = true;
  placeholder.exports = standIn;
  require.cache[file] = placeholder;
}

deferPhoneNumberMetadata();
