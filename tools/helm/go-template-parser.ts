/**
 * Parser of the part of Go's text/template that the Helm chart (deploy/helm/quayside) uses:
 * text, `{{ }}` actions with `{{-`/`-}}` trimming and comments, pipelines with `|`, fields,
 * variables (`$`, `$x :=`), string/number/bool/nil literals, parentheses, and the actions
 * if / else if / else, range (with one or two variables), with, define, template and end.
 * Anything else is a parse error naming the template and line, so a chart change that needs
 * more fails the chart test instead of rendering wrong.
 */

export type Operand =
  | { kind: 'field'; path: string[] }
  | { kind: 'variable'; name: string; path: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'function'; name: string }
  | { kind: 'group'; pipeline: Pipeline; path: string[] };

export interface Pipeline {
  /** Variables declared (`:=`) or assigned (`=`) by the pipeline's value. */
  variables: string[];
  assign: boolean;
  commands: Operand[][];
}

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'output'; pipeline: Pipeline; line: number }
  | { kind: 'if'; condition: Pipeline; then: TemplateNode[]; otherwise: TemplateNode[]; line: number }
  | { kind: 'range'; pipeline: Pipeline; body: TemplateNode[]; otherwise: TemplateNode[]; line: number }
  | { kind: 'with'; pipeline: Pipeline; body: TemplateNode[]; otherwise: TemplateNode[]; line: number }
  | { kind: 'template'; name: string; pipeline: Pipeline | null; line: number };

export interface ParsedTemplate {
  nodes: TemplateNode[];
  /** `{{ define "name" }}` blocks found in the file. */
  defines: Map<string, TemplateNode[]>;
}

/** `list[i]`, where the parser has already made sure it exists. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`internal: nothing at ${index}`);
  return item;
}

interface Action {
  kind: 'text' | 'action';
  text: string;
  line: number;
}

/** Splits the source into text and action pieces, applying the trim markers. */
function scan(source: string, file: string): Action[] {
  const pieces: Action[] = [];
  let at = 0;
  let trimNext = false;
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    let text = source.slice(at, open === -1 ? source.length : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    trimNext = false;
    const line = source.slice(0, open === -1 ? source.length : open).split('\n').length;
    if (open === -1) {
      pieces.push({ kind: 'text', text, line });
      break;
    }
    const close = source.indexOf('}}', open + 2);
    if (close === -1) throw new Error(`${file}:${line}: unclosed action`);
    let inner = source.slice(open + 2, close);
    if (/^-\s/.test(inner)) {
      text = text.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    if (/\s-$/.test(inner)) {
      trimNext = true;
      inner = inner.slice(0, -1);
    }
    pieces.push({ kind: 'text', text, line }, { kind: 'action', text: inner.trim(), line });
    at = close + 2;
  }
  return pieces.filter((piece) => piece.kind === 'action' || piece.text !== '');
}

// `)` with a field right after it (no space) is a field of the group's value: `(x).a`.
const TOKEN =
  /\s+|"(?:[^"\\]|\\.)*"|`[^`]*`|:=|\)(?:\.[A-Za-z0-9_]+)+|[()|=,]|\$[A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*|(?:\.[A-Za-z0-9_]+)+|\.|-?\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*/y;

function tokenize(text: string, where: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`${where}: cannot read "${text.slice(start)}"`);
    if (!/^\s+$/.test(match[0])) tokens.push(match[0]);
  }
  return tokens;
}

function parsePipeline(tokens: string[], where: string): Pipeline {
  let rest = tokens;
  let variables: string[] = [];
  let assign = false;
  const declare = rest.findIndex((token) => token === ':=' || token === '=');
  if (declare !== -1 && rest.slice(0, declare).every((token) => token.startsWith('$') || token === ',')) {
    variables = rest.slice(0, declare).filter((token) => token !== ',');
    assign = rest[declare] === '=';
    rest = rest.slice(declare + 1);
  }
  const commands: Operand[][] = [];
  let current: Operand[] = [];
  commands.push(current);
  for (let i = 0; i < rest.length; i += 1) {
    const token = at(rest, i);
    if (token === '|') {
      current = [];
      commands.push(current);
      continue;
    }
    if (token === '(') {
      let depth = 1;
      let j = i + 1;
      for (; j < rest.length && depth > 0; j += 1) depth += at(rest, j) === '(' ? 1 : at(rest, j).startsWith(')') ? -1 : 0;
      if (depth !== 0) throw new Error(`${where}: unbalanced parentheses`);
      const inner = parsePipeline(rest.slice(i + 1, j - 1), where);
      const close = at(rest, j - 1);
      current.push({ kind: 'group', pipeline: inner, path: close.length > 1 ? close.slice(2).split('.') : [] });
      i = j - 1;
      continue;
    }
    current.push(parseOperand(token, where));
  }
  if (commands.some((command) => command.length === 0)) throw new Error(`${where}: empty command in pipeline`);
  return { variables, assign, commands };
}

function parseOperand(token: string, where: string): Operand {
  if (token === '.') return { kind: 'field', path: [] };
  if (token.startsWith('.')) return { kind: 'field', path: token.slice(1).split('.') };
  if (token.startsWith('$')) {
    const [name = '$', ...path] = token.split('.');
    return { kind: 'variable', name, path };
  }
  if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string };
  if (token.startsWith('`')) return { kind: 'literal', value: token.slice(1, -1) };
  if (/^-?\d/.test(token)) return { kind: 'literal', value: Number(token) };
  if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' };
  if (token === 'nil') return { kind: 'literal', value: null };
  if (/^[A-Za-z_]/.test(token)) return { kind: 'function', name: token };
  throw new Error(`${where}: unexpected "${token}"`);
}

/** Parses one template file. */
export function parseTemplate(source: string, file: string): ParsedTemplate {
  const pieces = scan(source, file);
  const defines = new Map<string, TemplateNode[]>();
  let index = 0;

  /** Reads nodes up to an `end` or `else` of the enclosing block; returns what stopped it. */
  function block(): { nodes: TemplateNode[]; stop: string[] | null } {
    const nodes: TemplateNode[] = [];
    while (index < pieces.length) {
      const piece = at(pieces, index);
      index += 1;
      if (piece.kind === 'text') {
        nodes.push({ kind: 'text', text: piece.text });
        continue;
      }
      if (piece.text.startsWith('/*')) {
        if (!piece.text.endsWith('*/')) throw new Error(`${file}:${piece.line}: unclosed comment`);
        continue;
      }
      const where = `${file}:${piece.line}`;
      const [keyword = '', ...rest] = tokenize(piece.text, where);
      const line = piece.line;
      switch (keyword) {
        case 'end':
        case 'else':
          return { nodes, stop: [keyword, ...rest] };
        case 'if':
          nodes.push(conditional(rest, where, line));
          break;
        case 'range':
        case 'with': {
          const pipeline = parsePipeline(rest, where);
          const body = block();
          let otherwise: TemplateNode[] = [];
          if (body.stop?.[0] === 'else' && body.stop.length === 1) otherwise = expectEnd(block(), where).nodes;
          else expectEnd(body, where);
          nodes.push({ kind: keyword, pipeline, body: body.nodes, otherwise, line });
          break;
        }
        case 'define': {
          const name = parseOperand(rest[0] ?? '', where);
          if (name.kind !== 'literal' || typeof name.value !== 'string' || rest.length !== 1)
            throw new Error(`${where}: define needs one quoted name`);
          defines.set(name.value, expectEnd(block(), where).nodes);
          break;
        }
        case 'template': {
          const name = parseOperand(rest[0] ?? '', where);
          if (name.kind !== 'literal' || typeof name.value !== 'string') throw new Error(`${where}: template needs a quoted name`);
          nodes.push({ kind: 'template', name: name.value, pipeline: rest.length > 1 ? parsePipeline(rest.slice(1), where) : null, line });
          break;
        }
        default:
          nodes.push({ kind: 'output', pipeline: parsePipeline(piece.text === '' ? [] : [keyword, ...rest], where), line });
      }
    }
    return { nodes, stop: null };
  }

  function conditional(tokens: string[], where: string, line: number): TemplateNode {
    const condition = parsePipeline(tokens, where);
    const then = block();
    if (then.stop?.[0] === 'else' && then.stop[1] === 'if')
      return { kind: 'if', condition, then: then.nodes, otherwise: [conditional(then.stop.slice(2), where, line)], line };
    if (then.stop?.[0] === 'else' && then.stop.length === 1)
      return { kind: 'if', condition, then: then.nodes, otherwise: expectEnd(block(), where).nodes, line };
    expectEnd(then, where);
    return { kind: 'if', condition, then: then.nodes, otherwise: [], line };
  }

  function expectEnd(result: { nodes: TemplateNode[]; stop: string[] | null }, where: string): { nodes: TemplateNode[] } {
    if (result.stop?.[0] !== 'end' || result.stop.length !== 1) throw new Error(`${where}: block not closed by {{ end }}`);
    return result;
  }

  const top = block();
  if (top.stop !== null) throw new Error(`${file}: unexpected {{ ${top.stop.join(' ')} }}`);
  return { nodes: top.nodes, defines };
}
