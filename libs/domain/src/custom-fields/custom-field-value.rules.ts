import type { ValidationIssue } from '../errors/error-catalog';
import { CUSTOM_FIELD_TEXT_MAX_LENGTH } from './custom-field.enum';
import type { CustomFieldDataType, CustomFieldValue } from './custom-field.enum';

/** What value rules need to know of a definition. */
export interface CustomFieldRules {
  api_slug: string;
  data_type: CustomFieldDataType;
  validation: Readonly<Record<string, unknown>> | null;
  /** The definition's options (`enum`, `enum_multi`); empty for the other types. */
  options: readonly { value: string; label: string }[];
}

export type ValueCheck = { ok: true; value: CustomFieldValue } | { ok: false; issue: ValidationIssue };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The keys `validation` may hold for each data type. */
export const CUSTOM_FIELD_VALIDATION_KEYS: Readonly<Record<CustomFieldDataType, readonly string[]>> = {
  short_text: ['max_length'],
  number: ['min', 'max', 'integer'],
  date: ['min', 'max'],
  datetime: [],
  boolean: [],
  enum: [],
  enum_multi: ['max_selections'],
  reference: [],
};

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Problems with a definition's `validation` object for its data type, each naming the key. */
export function validationIssues(dataType: CustomFieldDataType, validation: unknown, pointer: string): ValidationIssue[] {
  if (validation === null || validation === undefined) return [];
  if (typeof validation !== 'object' || Array.isArray(validation)) return [{ pointer, detail: 'validation must be an object or null.' }];
  const allowed = CUSTOM_FIELD_VALIDATION_KEYS[dataType];
  const issues: ValidationIssue[] = [];
  for (const [key, rule] of Object.entries(validation as Record<string, unknown>)) {
    const at = `${pointer}/${key}`;
    if (!allowed.includes(key)) {
      const known = allowed.length === 0 ? 'none' : allowed.join(', ');
      issues.push({ pointer: at, detail: `validation.${key} does not apply to ${dataType} fields (allowed: ${known}).` });
    } else if (key === 'integer') {
      if (typeof rule !== 'boolean') issues.push({ pointer: at, detail: 'validation.integer must be true or false.' });
    } else if (dataType === 'date') {
      if (typeof rule !== 'string' || !isCalendarDate(rule))
        issues.push({ pointer: at, detail: `validation.${key} must be a date (YYYY-MM-DD).` });
    } else if (key === 'max_length' || key === 'max_selections') {
      if (typeof rule !== 'number' || !Number.isInteger(rule) || rule < 1 || rule > 10000)
        issues.push({ pointer: at, detail: `validation.${key} must be an integer from 1 to 10000.` });
    } else if (typeof rule !== 'number' || !Number.isFinite(rule)) {
      issues.push({ pointer: at, detail: `validation.${key} must be a number.` });
    }
  }
  return issues;
}

function fail(rules: CustomFieldRules, pointer: string, detail: string, code = 'invalid_value'): ValueCheck {
  return {
    ok: false,
    issue: { pointer, detail: `${rules.api_slug}: ${detail}`, code, meta: { api_slug: rules.api_slug, data_type: rules.data_type } },
  };
}

function rule(rules: CustomFieldRules, key: string): unknown {
  return rules.validation?.[key];
}

function checkNumber(rules: CustomFieldRules, value: unknown, pointer: string): ValueCheck {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail(rules, pointer, 'must be a number.');
  if (rule(rules, 'integer') === true && !Number.isInteger(value)) return fail(rules, pointer, 'must be a whole number.');
  const min = rule(rules, 'min');
  const max = rule(rules, 'max');
  if (typeof min === 'number' && value < min) return fail(rules, pointer, `must be at least ${min}.`);
  if (typeof max === 'number' && value > max) return fail(rules, pointer, `must be at most ${max}.`);
  return { ok: true, value };
}

function checkText(rules: CustomFieldRules, value: unknown, pointer: string): ValueCheck {
  if (typeof value !== 'string') return fail(rules, pointer, 'must be text.');
  const configured = rule(rules, 'max_length');
  const max = typeof configured === 'number' ? configured : CUSTOM_FIELD_TEXT_MAX_LENGTH;
  if (value.length > max) return fail(rules, pointer, `must be at most ${max} characters.`);
  return { ok: true, value };
}

function checkDate(rules: CustomFieldRules, value: unknown, pointer: string): ValueCheck {
  if (typeof value !== 'string' || !isCalendarDate(value)) return fail(rules, pointer, 'must be a date (YYYY-MM-DD).');
  const min = rule(rules, 'min');
  const max = rule(rules, 'max');
  if (typeof min === 'string' && value < min) return fail(rules, pointer, `must be on or after ${min}.`);
  if (typeof max === 'string' && value > max) return fail(rules, pointer, `must be on or before ${max}.`);
  return { ok: true, value };
}

function checkDatetime(rules: CustomFieldRules, value: unknown, pointer: string): ValueCheck {
  const parsed = typeof value === 'string' && DATETIME.test(value) ? new Date(value) : null;
  if (parsed === null || Number.isNaN(parsed.getTime()))
    return fail(rules, pointer, 'must be an ISO 8601 date-time with a zone, e.g. 2026-08-14T09:30:00Z.');
  return { ok: true, value: parsed.toISOString() };
}

function checkEnum(rules: CustomFieldRules, value: unknown, pointer: string): ValueCheck {
  const values = rules.options.map((option) => option.value);
  const listed = values.length === 0 ? 'the field has no options yet' : `one of ${values.join(', ')}`;
  if (rules.data_type === 'enum') {
    if (typeof value !== 'string' || !values.includes(value))
      return fail(rules, pointer, `must be the value of an option (${listed}).`, 'invalid_option');
    return { ok: true, value };
  }
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    return fail(rules, pointer, 'must be a list of option values.');
  const list = value as string[];
  const unknown = list.filter((item) => !values.includes(item));
  if (unknown.length > 0) return fail(rules, pointer, `unknown option ${unknown.join(', ')} (${listed}).`, 'invalid_option');
  if (new Set(list).size !== list.length) return fail(rules, pointer, 'lists an option twice.');
  const most = rule(rules, 'max_selections');
  if (typeof most === 'number' && list.length > most) return fail(rules, pointer, `allows at most ${most} options.`);
  return { ok: true, value: list };
}

/**
 * Checks a value against its definition and returns it as it is stored. `null` is always
 * allowed (the field is set but empty). Every refusal names the field's `api_slug`.
 */
export function checkCustomFieldValue(rules: CustomFieldRules, value: unknown, pointer: string): ValueCheck {
  if (value === null) return { ok: true, value: null };
  if (value === undefined) return fail(rules, pointer, 'value is required (null for an empty value).', 'blank');
  switch (rules.data_type) {
    case 'short_text':
      return checkText(rules, value, pointer);
    case 'number':
      return checkNumber(rules, value, pointer);
    case 'date':
      return checkDate(rules, value, pointer);
    case 'datetime':
      return checkDatetime(rules, value, pointer);
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : fail(rules, pointer, 'must be true or false.');
    case 'enum':
    case 'enum_multi':
      return checkEnum(rules, value, pointer);
    case 'reference':
      return typeof value === 'string' && UUID.test(value)
        ? { ok: true, value: value.toLowerCase() }
        : fail(rules, pointer, 'must be the id (uuid) of a record.');
  }
}

/** `display_value`: the value as a person reads it (option labels, Yes/No), null when empty. */
export function customFieldDisplayValue(rules: Pick<CustomFieldRules, 'data_type' | 'options'>, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const label = (item: unknown): string => rules.options.find((option) => option.value === item)?.label ?? String(item);
  switch (rules.data_type) {
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'enum':
      return label(value);
    case 'enum_multi':
      return Array.isArray(value) ? value.map(label).join(', ') : label(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
