import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * One way an answer (or a schema) departs from an OpenAPI document. `rule` is the JSON Schema
 * keyword that failed (`enum`, `type`, `required`, `format`, `oneOf`, ...) or one of `operation`
 * (the document has no such path and method), `status` (nor that status), `media-type`, `body`
 * (a body where none is described, or none where one is) and `compile` (the schema itself is
 * refused by a strict validator). `where` is the JSON pointer of the body member, array indices
 * written `*` (for `required`, the missing member's own pointer); for `compile`, the schema's
 * pointer in the document; for `status`, the status answered.
 */
export interface OpenApiFinding {
  operation: string;
  rule: string;
  where: string;
  message: string;
}

export interface OpenApiAnswer {
  method: string;
  /** The request path, e.g. `/v2/containers/3f…`; a query string is ignored. */
  path: string;
  status: number;
  /** The answer's `Content-Type` header. */
  contentType?: string | undefined;
  /** The parsed body; `undefined` when the answer had none. */
  body: unknown;
}

interface MediaType {
  schema?: unknown;
}
interface Response {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, Response>;
  requestBody?: { content?: Record<string, MediaType> };
  parameters?: Array<{ schema?: unknown; content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];

/** The members of an OpenAPI document's root: data to a JSON Schema validator, never schemas. */
const DOCUMENT_MEMBERS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags'];

/**
 * Keywords the OpenAPI Schema Object adds to JSON Schema without constraining a value
 * (`discriminator` is, by the OpenAPI text, a hint beside `oneOf`/`anyOf`, which do the
 * validating). 3.1 documents use the 2020-12 dialect that already knows `examples`, `deprecated`.
 */
const OPENAPI_ANNOTATIONS = ['example', 'discriminator', 'xml', 'externalDocs'];

const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const mediaTypeOf = (header: string | undefined): string => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** The value a finding is about, when it is short enough to read in a message. */
function valueOf(data: unknown): string {
  if (data !== null && typeof data === 'object') return '';
  const text = JSON.stringify(data) ?? String(data);
  return `, answered ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
}

/** Every `x-...` member name anywhere in the document (specification extensions are allowed on schemas). */
function extensionKeys(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => extensionKeys(item, found));
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeys(value, found);
    }
  return found;
}

/**
 * OpenAPI 3.0.0 lets `nullable: true` stand without `type` ("allows sending a null value for the
 * defined schema"); 3.0.3 gives it no effect there, and a strict validator refuses it. Each such
 * schema is read as 3.0.0 says (null, or the schema), and reported as a `compile` finding so the
 * reading is never silent. Answers the pointers rewritten.
 */
function readUntypedNullables(node: unknown, pointer: string, read: string[]): void {
  if (Array.isArray(node)) return node.forEach((item, index) => readUntypedNullables(item, `${pointer}/${index}`, read));
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(schema)) readUntypedNullables(value, `${pointer}/${escape(key)}`, read);
  if (schema['nullable'] !== true || 'type' in schema) return;
  const { nullable: _nullable, description, ...rest } = schema;
  for (const key of Object.keys(schema)) delete schema[key];
  Object.assign(schema, { ...(description === undefined ? {} : { description }), anyOf: [{ type: 'null' }, rest] });
  read.push(pointer);
}

/**
 * Validates answers against the response schemas of one OpenAPI document (3.0 or 3.1), with ajv
 * in strict mode: every keyword must be known, every format defined (RFC 3986 `uri`, RFC 3339
 * `date-time`, ...), types consistent; nothing is skipped silently. `#/components/...` references
 * resolve inside the document as published: no schema is rewritten, except 3.0.0's untyped
 * `nullable`, which is reported.
 */
export class OpenApiResponseValidator {
  private readonly ajv: Ajv;
  private readonly id: string;
  private readonly document: OpenApiDocument;
  private readonly basePath: string;
  private readonly compiled = new Map<string, ValidateFunction | OpenApiFinding>();
  /** Schemas read as OpenAPI 3.0.0 says (see `readUntypedNullables`). */
  readonly readings: OpenApiFinding[] = [];

  constructor(document: unknown, name: string) {
    this.document = structuredClone(document) as OpenApiDocument;
    this.id = `https://openapi.invalid/${encodeURIComponent(name)}`;
    const version = this.document.openapi;
    const is31 = /^3\.1\./.test(version);
    if (!is31 && !/^3\.0\./.test(version)) throw new Error(`${name}: OpenAPI ${version} is neither 3.0 nor 3.1`);
    if (!is31) {
      const read: string[] = [];
      readUntypedNullables(this.document, '#', read);
      for (const where of read)
        this.readings.push({
          operation: '*',
          rule: 'compile',
          where,
          message: '"nullable" without "type": read as OpenAPI 3.0.0 states (null allowed)',
        });
    }
    // allErrors: every departure of an answer, not the first; strict: no unknown keyword or
    // format, no ambiguous type, no `required` naming an undescribed member.
    // verbose: an error carries the schema and data it failed on, to tell which alternative of a
    // failed `oneOf`/`anyOf` the member meant to be (see `findingsOf`).
    const options = { strict: true, allErrors: true, verbose: true };
    this.ajv = is31 ? new Ajv2020(options) : new Ajv(options);
    // Ajv knows OpenAPI 3.0's `nullable` in every draft; OpenAPI 3.1 (JSON Schema 2020-12) has no such keyword.
    if (is31) this.ajv.removeKeyword('nullable');
    addFormats(this.ajv, { mode: 'full' });
    this.ajv.addVocabulary([...DOCUMENT_MEMBERS, ...OPENAPI_ANNOTATIONS, ...extensionKeys(this.document)]);
    this.ajv.addSchema(this.document, this.id);
    const server = this.document.servers?.[0]?.url;
    this.basePath = server ? new URL(server, 'https://openapi.invalid').pathname.replace(/\/$/, '') : '';
  }

  /** `METHOD /template` of every operation. */
  operations(): string[] {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
    );
  }

  /**
   * Compiles every schema of the document — components, request bodies, parameters and
   * responses — and answers those a strict validator refuses (plus the readings of 3.0.0).
   */
  compileAll(): OpenApiFinding[] {
    const pointers = Object.keys(this.document.components?.schemas ?? {}).map((name) => `#/components/schemas/${escape(name)}`);
    for (const [path, item] of Object.entries(this.document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const base = `#/paths/${escape(path)}/${method}`;
        for (const [mediaType, media] of Object.entries(operation.requestBody?.content ?? {}))
          if (media.schema !== undefined) pointers.push(`${base}/requestBody/content/${escape(mediaType)}/schema`);
        (operation.parameters ?? []).forEach((parameter, index) => {
          if (parameter.schema !== undefined) pointers.push(`${base}/parameters/${index}/schema`);
        });
        for (const [status, response] of Object.entries(operation.responses ?? {}))
          for (const [mediaType, media] of Object.entries(response.content ?? {}))
            if (media.schema !== undefined) pointers.push(`${base}/responses/${status}/content/${escape(mediaType)}/schema`);
      }
    }
    const refused = pointers.map((pointer) => this.compile(pointer, '*')).filter((result) => typeof result !== 'function');
    return [...this.readings, ...refused];
  }

  /** The findings of one answer; `operation` is the document's own name for it, null when it has none. */
  validate(answer: OpenApiAnswer): { operation: string | null; findings: OpenApiFinding[] } {
    const method = answer.method.toLowerCase();
    const requestPath = answer.path.split('?')[0]!;
    const match = this.match(method, requestPath);
    if (!match) {
      const operation = `${answer.method.toUpperCase()} ${requestPath}`;
      return { operation: null, findings: [{ operation, rule: 'operation', where: '', message: 'no operation of the document matches' }] };
    }
    const operation = `${answer.method.toUpperCase()} ${match.template}`;
    const responses = match.operation.responses ?? {};
    const status = String(answer.status);
    const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default' in responses ? 'default' : null;
    const findings: OpenApiFinding[] = [];
    if (key === null) {
      findings.push({ operation, rule: 'status', where: status, message: `documented: ${Object.keys(responses).join(', ')}` });
      // Still check the body against the documented success of the same class, when there is one.
    }
    const documentedKey = key ?? Object.keys(responses).find((candidate) => candidate[0] === status[0]);
    const content = documentedKey ? (responses[documentedKey]?.content ?? {}) : {};
    const mediaTypes = Object.keys(content);
    if (answer.body === undefined) {
      if (mediaTypes.length > 0 && key !== null)
        findings.push({ operation, rule: 'body', where: '', message: `documented ${mediaTypes.join(', ')}; answered no body` });
      return { operation, findings };
    }
    if (mediaTypes.length === 0) {
      if (documentedKey) findings.push({ operation, rule: 'body', where: '', message: 'documented no body; answered one' });
      return { operation, findings };
    }
    const answered = mediaTypeOf(answer.contentType);
    let chosen = mediaTypes.find((candidate) => candidate.toLowerCase() === answered);
    if (chosen === undefined) {
      findings.push({ operation, rule: 'media-type', where: answered, message: `documented: ${mediaTypes.join(', ')}` });
      chosen = mediaTypes.find((candidate) => /json/i.test(candidate)) ?? mediaTypes[0]!;
    }
    if (content[chosen]?.schema === undefined) return { operation, findings };
    const pointer = `#/paths/${escape(match.template)}/${method}/responses/${documentedKey}/content/${escape(chosen)}/schema`;
    const validate = this.compile(pointer, operation);
    if (typeof validate !== 'function') return { operation, findings: [...findings, validate] };
    if (!validate(answer.body)) findings.push(...this.findingsOf(operation, pointer, validate.errors ?? []));
    return { operation, findings };
  }

  /** The findings of `value` against the schema at `pointer` (e.g. a request body's, or an example's own). */
  validateAt(pointer: string, value: unknown, operation = '*'): OpenApiFinding[] {
    const validate = this.compile(pointer, operation);
    if (typeof validate !== 'function') return [validate];
    return validate(value) ? [] : this.findingsOf(operation, pointer, validate.errors ?? []);
  }

  private compile(pointer: string, operation: string): ValidateFunction | OpenApiFinding {
    const known = this.compiled.get(pointer);
    if (known) return known;
    let result: ValidateFunction | OpenApiFinding;
    try {
      const validate = this.ajv.getSchema(`${this.id}${pointer}`);
      if (!validate) throw new Error('no schema at this pointer');
      result = validate;
    } catch (error) {
      result = { operation, rule: 'compile', where: pointer, message: (error as Error).message };
    }
    this.compiled.set(pointer, result);
    return result;
  }

  /** The operation whose path template matches, preferring literal segments (`/webhooks/events` over `/webhooks/{id}`). */
  private match(method: string, requestPath: string): { template: string; operation: Operation } | undefined {
    if (!requestPath.startsWith(this.basePath)) return undefined;
    const segments = requestPath.slice(this.basePath.length).split('/');
    let best: { template: string; operation: Operation; literals: number } | undefined;
    for (const [template, item] of Object.entries(this.document.paths)) {
      const operation = item[method];
      if (!operation) continue;
      const parts = template.split('/');
      if (parts.length !== segments.length) continue;
      let literals = 0;
      const matches = parts.every((part, index) => {
        if (/^\{[^}]+\}$/.test(part)) return segments[index] !== '';
        literals += 1;
        return part === decodeURIComponent(segments[index]!);
      });
      if (matches && (!best || literals > best.literals)) best = { template, operation, literals };
    }
    return best;
  }

  /**
   * Ajv's errors as findings. A failed `oneOf`/`anyOf` also reports why each alternative failed.
   * When exactly one alternative accepts the member's tag — no `enum`/`const` error on a member of
   * its own, as a JSON:API `type` or a GeoJSON `feature_type` — that is the one the member meant to
   * be, and its own findings are reported instead; otherwise the alternative is one finding.
   */
  private findingsOf(operation: string, pointer: string, errors: ErrorObject[], prefix = ''): OpenApiFinding[] {
    const isAlternative = (error: ErrorObject): boolean => error.keyword === 'oneOf' || error.keyword === 'anyOf';
    // Ajv reports the alternatives' errors before the `oneOf`/`anyOf` error that sums them up.
    const within = (error: ErrorObject, outer: ErrorObject): boolean =>
      errors.indexOf(error) < errors.indexOf(outer) &&
      (error.instancePath === outer.instancePath || error.instancePath.startsWith(`${outer.instancePath}/`));
    const found: OpenApiFinding[] = [];
    for (const error of errors) {
      if (errors.some((outer) => isAlternative(outer) && within(error, outer))) continue;
      const meant = isAlternative(error) ? this.meantAlternative(operation, pointer, error, `${prefix}${error.instancePath}`) : null;
      if (meant) {
        found.push(...meant);
        continue;
      }
      const instancePath = `${prefix}${error.instancePath}`;
      const missing = error.keyword === 'required' ? `/${escape(String(error.params['missingProperty']))}` : '';
      const reasons = isAlternative(error)
        ? errors
            .filter((inner) => within(inner, error))
            .map((inner) => `${prefix}${inner.instancePath} ${inner.message ?? ''} ${JSON.stringify(inner.params)}`)
            .join('; ')
        : '';
      found.push({
        operation,
        rule: error.keyword,
        where: `${instancePath}${missing}`.replace(/\/\d+(?=\/|$)/g, '/*'),
        message: `${instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}${valueOf(error.data)}${reasons ? ` (${reasons})` : ''}`,
      });
    }
    return found;
  }

  /**
   * Whether `schema` (one `$ref` followed) pins a member of `data` to the value it has, with an
   * `enum` or `const`: an alternative that leaves `type` open is no one's in particular.
   */
  private namesTag(schema: unknown, data: unknown): boolean {
    let target = schema as { $ref?: string; properties?: Record<string, { enum?: unknown[]; const?: unknown }> } | undefined;
    if (typeof target?.$ref === 'string' && target.$ref.startsWith('#/'))
      target = target.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, segment) => (node as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')],
          this.document,
        ) as typeof target;
    if (typeof data !== 'object' || data === null) return false;
    return Object.entries(target?.properties ?? {}).some(([member, property]) => {
      const value = (data as Record<string, unknown>)[member];
      return value !== undefined && ((property.enum?.includes(value) ?? false) || ('const' in property && property.const === value));
    });
  }

  /** The findings of the one alternative of `error` whose tag the member carries, or null when that is not one alternative. */
  private meantAlternative(operation: string, pointer: string, error: ErrorObject, instancePath: string): OpenApiFinding[] | null {
    const alternatives = error.schema as unknown[];
    const schemaPath = error.schemaPath.startsWith('#')
      ? `${pointer}${error.schemaPath.slice(1)}`
      : error.schemaPath.startsWith(`${this.id}#`)
        ? error.schemaPath.slice(this.id.length)
        : null;
    if (!Array.isArray(alternatives) || schemaPath === null) return null;
    const tagged: Array<{ branch: string; errors: ErrorObject[] }> = [];
    for (let index = 0; index < alternatives.length; index += 1) {
      const branch = `${schemaPath}/${index}`;
      const validate = this.compile(branch, operation);
      if (typeof validate !== 'function') return null;
      if (validate(error.data)) return null; // accepted: nothing to attribute
      const branchErrors = [...(validate.errors ?? [])];
      const tagRefused = branchErrors.some(
        (inner) => (inner.keyword === 'enum' || inner.keyword === 'const') && /^\/[^/]+$/.test(inner.instancePath),
      );
      if (!tagRefused && this.namesTag(alternatives[index], error.data)) tagged.push({ branch, errors: branchErrors });
    }
    if (tagged.length !== 1) return null;
    return this.findingsOf(operation, tagged[0]!.branch, tagged[0]!.errors, instancePath);
  }
}
