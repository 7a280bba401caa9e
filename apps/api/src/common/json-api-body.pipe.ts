import type { PipeTransform } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { badRequest, unprocessableEntity } from '@quayside/domain';
import type { ClassConstructor } from 'class-transformer';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { validationErrorsToIssues } from './validation-issues';

/** A validated request document: the attributes as a DTO instance, relationships as sent. */
export interface JsonApiInput<TAttributes> {
  /** `data.id` when the document names its resource (a PATCH without the id in the path). */
  id?: string;
  attributes: TAttributes;
  relationships: Record<string, unknown>;
}

/**
 * Reads `{data: {type, attributes, relationships}}` and validates `attributes` with the DTO's
 * class-validator rules. Every broken rule is its own 422 error with a `source.pointer` such as
 * `/data/attributes/request_number`; unknown attributes are dropped. Use as
 * `@Body(new JsonApiBody('tracking_request', CreateTrackingRequestAttributes))`.
 */
@Injectable()
export class JsonApiBody<TAttributes extends object> implements PipeTransform<unknown, Promise<JsonApiInput<TAttributes>>> {
  constructor(
    private readonly type: string,
    private readonly attributesClass: ClassConstructor<TAttributes>,
  ) {}

  async transform(body: unknown): Promise<JsonApiInput<TAttributes>> {
    if (!isObject(body)) {
      throw badRequest('The request body must be a JSON:API document: {"data": {"type": ..., "attributes": {...}}}.', { pointer: '' });
    }
    const data = body['data'];
    if (!isObject(data)) throw unprocessableEntity({ pointer: '/data', detail: 'data must be an object.' });
    const typeIssue = data['type'] === this.type ? [] : [{ pointer: '/data/type', detail: `type must be "${this.type}".` }];
    const attributes = data['attributes'] ?? {};
    if (!isObject(attributes)) {
      throw unprocessableEntity([...typeIssue, { pointer: '/data/attributes', detail: 'attributes must be an object.' }]);
    }
    const instance = plainToInstance(this.attributesClass, attributes);
    const errors = await validate(instance, { whitelist: true, forbidUnknownValues: true });
    const issues = [...typeIssue, ...validationErrorsToIssues(errors, '/data/attributes')];
    if (issues.length > 0) throw unprocessableEntity(issues);
    const relationships = data['relationships'];
    return {
      attributes: instance,
      relationships: isObject(relationships) ? relationships : {},
      ...(typeof data['id'] === 'string' ? { id: data['id'] } : {}),
    };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
