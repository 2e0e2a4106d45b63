import type { FieldIssue } from '../shared/errors.js';
import { DocumentRefused, locationIn } from './document-refused.js';

/**
 * Reads an untrusted JSON value field by field, noting each field of the wrong type at its
 * location (`steps[2].times[0].seconds`). A field read wrongly answers a harmless stand-in
 * ('' , 0, [] …) so reading goes on and every problem is reported at once; `refuseIfAny` ends
 * it. Absent optional fields answer their default. Only own properties are read, so
 * `__proto__` or `constructor` in a document are just unknown names, and unknown names are
 * ignored.
 */
export class JsonReader {
  readonly issues: FieldIssue[] = [];

  constructor(readonly path: string) {}

  note(field: string, message: string): void {
    this.issues.push({ location: locationIn(this.path, field), message });
  }

  /** The document itself as an object, or null (noted) when it is not one. */
  root(value: unknown): JsonObject | null {
    return objectAt(this, '', value);
  }

  refuseIfAny(code?: string): void {
    if (this.issues.length > 0) throw new DocumentRefused(this.issues, code);
  }
}

export interface JsonItem {
  value: unknown;
  field: string;
}

/** One object of the document, at its location. */
export class JsonObject {
  constructor(
    private readonly reader: JsonReader,
    readonly field: string,
    private readonly fields: Record<string, unknown>,
  ) {}

  /** Notes a problem at `field`, a location in the document such as `fieldOf(key)`. */
  note(field: string, message: string): void {
    this.reader.note(field, message);
  }

  fieldOf(key: string): string {
    return this.field === '' ? key : `${this.field}.${key}`;
  }

  has(key: string): boolean {
    return Object.hasOwn(this.fields, key);
  }

  /** The raw value of a field, undefined when absent. */
  get(key: string): unknown {
    return this.has(key) ? this.fields[key] : undefined;
  }

  /** A string field; `absent` is its value when missing, or it is required when `absent` is not given. */
  text(key: string, absent?: string): string {
    const value = this.present(key, absent);
    if (value === undefined) return absent ?? '';
    if (typeof value === 'string') return value;
    this.reader.note(this.fieldOf(key), 'must be a string');
    return '';
  }

  /** A string or null; missing is null. */
  textOrNull(key: string): string | null {
    const value = this.get(key);
    if (value === undefined || value === null) return null;
    return this.text(key);
  }

  /** A number field (its rules, such as being whole, are checked by whoever uses it). */
  number(key: string, absent?: number): number {
    const value = this.present(key, absent);
    if (value === undefined) return absent ?? 0;
    if (typeof value === 'number') return value;
    this.reader.note(this.fieldOf(key), 'must be a number');
    return 0;
  }

  /** A number or null; missing is null. */
  numberOrNull(key: string): number | null {
    const value = this.get(key);
    if (value === undefined || value === null) return null;
    return this.number(key);
  }

  /** An object or null; missing is null. */
  objectOrNull(key: string): JsonObject | null {
    const value = this.get(key);
    if (value === undefined || value === null) return null;
    return objectAt(this.reader, this.fieldOf(key), value);
  }

  /**
   * The items of a list with their locations; missing is empty unless `required`. A list
   * longer than `max` is noted and its items left unread: no rule needs to see them.
   */
  list(key: string, max: number, { required = false } = {}): JsonItem[] {
    const value = this.present(key, required ? undefined : []);
    if (value === undefined) return [];
    const field = this.fieldOf(key);
    if (!Array.isArray(value)) {
      this.reader.note(field, 'must be a list');
      return [];
    }
    if (value.length > max) {
      this.reader.note(field, `must have at most ${max} items`);
      return [];
    }
    return value.map((item: unknown, i) => ({ value: item, field: `${field}[${i}]` }));
  }

  /** A string item of one of this object's lists, or null (noted) when it is something else. */
  textItem(item: JsonItem): string | null {
    if (typeof item.value === 'string') return item.value;
    this.reader.note(item.field, 'must be a string');
    return null;
  }

  /** An object item of one of this object's lists, or null (noted) when it is something else. */
  objectItem(item: JsonItem): JsonObject | null {
    return objectAt(this.reader, item.field, item.value);
  }

  /** The value of a field, noting it missing when it is required (no `absent` given). */
  private present(key: string, absent: unknown): unknown {
    const value = this.get(key);
    if (value === undefined && absent === undefined) this.reader.note(this.fieldOf(key), 'is required');
    return value;
  }
}

/** The object at `field`, or null (noted) when the value is something else. */
function objectAt(reader: JsonReader, field: string, value: unknown): JsonObject | null {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return new JsonObject(reader, field, value as Record<string, unknown>);
  }
  reader.note(field, 'must be an object');
  return null;
}
