import { describe, expect, it } from 'vitest';
import { decimals, parseTyped, settledText, shownValue, stepped, typedValue } from './number-value';

const quality = { min: 1, max: 100 };

describe('NumberInput values (antd InputNumber behaviour)', () => {
  it('passes a typed number within range at once, and nothing for one outside it or half typed', () => {
    expect(typedValue('75', quality)).toBe(75);
    expect(typedValue('150', quality)).toBeUndefined();
    expect(typedValue('0', quality)).toBeUndefined();
    expect(typedValue('-', quality)).toBeUndefined();
    expect(typedValue('7.', quality)).toBe(7);
    expect(typedValue('abc', quality)).toBeUndefined();
  });

  it('passes null for an emptied box (the "no limit" of max width)', () => {
    expect(typedValue('', quality)).toBeNull();
    expect(typedValue('  ', quality)).toBeNull();
  });

  it('clamps into range when the box is left, and rounds to the precision asked for', () => {
    expect(settledText('150', quality)).toBe(100);
    expect(settledText('0', quality)).toBe(1);
    expect(settledText('-20', { min: -180, max: 180 })).toBe(-20);
    expect(settledText('4.26', { min: 0, max: 30, precision: 1 })).toBe(4.3);
    expect(settledText('4.26', { min: 0, max: 30 })).toBe(4.26);
  });

  it('keeps the old value when the box is left with text that is no number', () => {
    expect(settledText('1e', quality)).toBeUndefined();
    expect(settledText('--1', quality)).toBeUndefined();
  });

  it('steps without float noise and stops at the ends', () => {
    expect(stepped(0.1, 0.2, 1, { min: 0, max: 1 })).toBe(0.3);
    expect(stepped(4, 0.5, 1, { min: 0, max: 30 })).toBe(4.5);
    expect(stepped(100, 1, 1, quality)).toBe(100);
    expect(stepped(1, 10, -1, quality)).toBe(1);
    expect(stepped(-175, 10, -1, { min: -180, max: 180 })).toBe(-180);
  });

  it('reads numbers as typed', () => {
    expect(parseTyped(' 12 ')).toBe(12);
    expect(parseTyped('.5')).toBe(0.5);
    expect(parseTyped('+3')).toBe(3);
    expect(parseTyped('1,5')).toBeUndefined();
    expect(decimals(0.005)).toBe(3);
    expect(decimals(1e-7)).toBe(7);
    expect(decimals(20)).toBe(0);
  });

  it('shows a value with the step’s decimals, or the precision asked for, as antd does', () => {
    expect(shownValue(4, 0.5)).toBe('4.0');
    expect(shownValue(3, 0.5)).toBe('3.0');
    expect(shownValue(4.25, 0.5)).toBe('4.25');
    expect(shownValue(75, 1)).toBe('75');
    expect(shownValue(2.5, 1, 2)).toBe('2.50');
  });
});
