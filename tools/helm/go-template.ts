import { parseTemplate } from './go-template-parser';
import type { Operand, Pipeline, TemplateNode } from './go-template-parser';
import { HELM_FUNCTIONS, isTruthy, printValue } from './helm-functions';
import type { TemplateFunction } from './helm-functions';

type Scope = Map<string, unknown>;

/**
 * A set of Go templates (Helm's template files and their `define`s) evaluated as Go's
 * text/template would: fields of maps, variables scoped to their block, `and`/`or` that stop
 * early, Helm's functions including `include`, and no value printed as the empty string (as
 * Helm prints `<no value>`). A field of a missing value is an error, as in Go.
 */
export class GoTemplateSet {
  private readonly templates = new Map<string, TemplateNode[]>();
  private readonly functions: Record<string, TemplateFunction>;

  constructor() {
    this.functions = {
      ...HELM_FUNCTIONS,
      include: (name, data) => this.execute(String(name), data),
    };
  }

  /** Adds a file: its `define`s, and the file itself under its own name (Helm's `include (print $.Template.BasePath "/x.yaml")`). */
  add(name: string, source: string): void {
    const parsed = parseTemplate(source, name);
    this.templates.set(name, parsed.nodes);
    for (const [defined, nodes] of parsed.defines) this.templates.set(defined, nodes);
  }

  execute(name: string, data: unknown): string {
    const nodes = this.templates.get(name);
    if (nodes === undefined) throw new Error(`no template "${name}"`);
    return this.run(nodes, data, new Map([['$', data]]));
  }

  private run(nodes: TemplateNode[], dot: unknown, scope: Scope): string {
    let out = '';
    for (const node of nodes) {
      switch (node.kind) {
        case 'text':
          out += node.text;
          break;
        case 'output': {
          const value = this.pipeline(node.pipeline, dot, scope);
          if (node.pipeline.variables.length === 0) out += printValue(value);
          break;
        }
        case 'if':
          out += isTruthy(this.pipeline(node.condition, dot, scope))
            ? this.run(node.then, dot, new Map(scope))
            : this.run(node.otherwise, dot, new Map(scope));
          break;
        case 'with': {
          const inner = new Map(scope);
          const value = this.pipeline(node.pipeline, dot, inner);
          out += isTruthy(value) ? this.run(node.body, value, inner) : this.run(node.otherwise, dot, new Map(scope));
          break;
        }
        case 'range':
          out += this.range(node.pipeline, node.body, node.otherwise, dot, scope);
          break;
        case 'template':
          out += this.execute(node.name, node.pipeline === null ? null : this.pipeline(node.pipeline, dot, scope));
          break;
      }
    }
    return out;
  }

  private range(pipeline: Pipeline, body: TemplateNode[], otherwise: TemplateNode[], dot: unknown, scope: Scope): string {
    const source = this.pipeline({ ...pipeline, variables: [] }, dot, scope);
    let entries: [unknown, unknown][];
    if (Array.isArray(source)) entries = source.map((item: unknown, index) => [index, item]);
    else if (source !== null && typeof source === 'object')
      entries = Object.keys(source)
        .sort()
        .map((key) => [key, (source as Record<string, unknown>)[key]]);
    else if (source === null || source === undefined) entries = [];
    else throw new Error(`range can't iterate over ${printValue(source)}`);
    if (entries.length === 0) return this.run(otherwise, dot, new Map(scope));
    let out = '';
    for (const [key, item] of entries) {
      const inner = new Map(scope);
      const [first, second] = pipeline.variables;
      if (first !== undefined && second === undefined) inner.set(first, item);
      if (first !== undefined && second !== undefined) {
        inner.set(first, key);
        inner.set(second, item);
      }
      out += this.run(body, item, inner);
    }
    return out;
  }

  private pipeline(pipeline: Pipeline, dot: unknown, scope: Scope): unknown {
    let value: unknown = undefined;
    pipeline.commands.forEach((command, index) => {
      value = this.command(command, dot, scope, index === 0 ? [] : [value]);
    });
    for (const variable of pipeline.variables) {
      if (pipeline.assign && !scope.has(variable)) throw new Error(`undefined variable ${variable}`);
      scope.set(variable, value);
    }
    return value;
  }

  private command(command: Operand[], dot: unknown, scope: Scope, piped: unknown[]): unknown {
    const [head, ...args] = command;
    if (head === undefined) throw new Error('empty command');
    if (head.kind === 'function') {
      if (head.name === 'and' || head.name === 'or')
        return this.logical(head.name, [...args, ...piped.map((value): Operand => ({ kind: 'literal', value }))], dot, scope);
      const fn = this.functions[head.name];
      if (fn === undefined) throw new Error(`function "${head.name}" not defined`);
      return fn(...args.map((arg) => this.operand(arg, dot, scope)), ...piped);
    }
    if (args.length > 0 || piped.length > 0) throw new Error("can't give an argument to a non-function");
    return this.operand(head, dot, scope);
  }

  /** Go 1.18+: `and` returns the first false argument, `or` the first true one, without evaluating the rest. */
  private logical(name: 'and' | 'or', args: Operand[], dot: unknown, scope: Scope): unknown {
    let value: unknown = undefined;
    for (const arg of args) {
      value = this.operand(arg, dot, scope);
      if (isTruthy(value) === (name === 'or')) return value;
    }
    return value;
  }

  private operand(operand: Operand, dot: unknown, scope: Scope): unknown {
    switch (operand.kind) {
      case 'literal':
        return operand.value;
      case 'field':
        return walk(dot, operand.path);
      case 'variable':
        if (!scope.has(operand.name)) throw new Error(`undefined variable ${operand.name}`);
        return walk(scope.get(operand.name), operand.path);
      case 'group':
        return walk(this.pipeline(operand.pipeline, dot, new Map(scope)), operand.path);
      case 'function': {
        const fn = this.functions[operand.name];
        if (fn === undefined) throw new Error(`function "${operand.name}" not defined`);
        return fn();
      }
    }
  }
}

function walk(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || current === undefined) throw new Error(`nil pointer evaluating interface {}.${key}`);
    if (typeof current !== 'object' || Array.isArray(current)) throw new Error(`can't evaluate field ${key} in ${printValue(current)}`);
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
