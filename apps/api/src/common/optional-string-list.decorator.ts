import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * An optional list of at most 50 strings of at most 100 characters each: reference numbers
 * and tags, wherever a request body takes them.
 */
export function OptionalStringList(): PropertyDecorator {
  // Registered bottom-up, as the stacked decorators this replaces were, so a 422 lists the
  // broken rules in the same order.
  return applyDecorators(MaxLength(100, { each: true }), IsString({ each: true }), ArrayMaxSize(50), IsArray(), IsOptional());
}
