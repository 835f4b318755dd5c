import { describe, expect, it } from 'vitest';
import { fieldChanges, showValue } from '../../src/domain/console-activity';

describe("the activity log's before → after", () => {
  it('lists only the fields a change touched, in order', () => {
    expect(
      fieldChanges(
        { name: 'Ada', mobile: '07700 900100', active: true },
        { name: 'Ada', mobile: '07700 900200', active: false },
      ),
    ).toEqual([
      { field: 'mobile', before: '07700 900100', after: '07700 900200' },
      { field: 'active', before: 'true', after: 'false' },
    ]);
  });

  it('shows a new thing by its values after, and a gone one by its values before', () => {
    expect(fieldChanges(null, { status: 'confirmed' })).toEqual([
      { field: 'status', after: 'confirmed' },
    ]);
    expect(fieldChanges({ status: 'confirmed' }, null)).toEqual([
      { field: 'status', before: 'confirmed' },
    ]);
  });

  it('names a plain value (a setting) "value", and nothing when it did not change', () => {
    expect(fieldChanges(10, 15)).toEqual([{ field: 'value', before: '10', after: '15' }]);
    expect(fieldChanges(10, 10)).toEqual([]);
  });

  it('writes nested values as compact JSON and nothing as a dash', () => {
    expect(showValue({ '4': 120 })).toBe('{"4":120}');
    expect(showValue(null)).toBe('—');
    expect(showValue('')).toBe('""');
  });
});
