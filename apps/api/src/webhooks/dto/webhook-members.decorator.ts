import { applyDecorators } from '@nestjs/common';
import { EVENT_NAMES } from '@quayside/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { WebhookHeaderInput } from './webhook-header.dto';

// The shape checks of the members create and update share; the use cases judge the values
// (URL safety, event names, header names) with pointers. Each decorator registers its rules
// bottom-up, as the stacked decorators it replaces did, so a 422 lists them in the same order.

/** `url`: a string of 1 to 2048 characters. */
export function WebhookUrlMember(): PropertyDecorator {
  return applyDecorators(MaxLength(2048), MinLength(1), IsString());
}

/** `events`: a non-empty list, at most twice the catalog (repeats are reported by the use case). */
export function WebhookEventsMember(): PropertyDecorator {
  return applyDecorators(ArrayMaxSize(EVENT_NAMES.length * 2), ArrayNotEmpty(), IsArray());
}

/** `headers`: optional (null removes them), a list of `{name, value}`. */
export function WebhookHeadersMember(): PropertyDecorator {
  return applyDecorators(
    Type(() => WebhookHeaderInput),
    ValidateNested({ each: true }),
    ArrayMaxSize(100),
    IsArray(),
    IsOptional(),
  );
}
