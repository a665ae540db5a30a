import { test, describe } from 'node:test';
import assert from 'node:assert/strict';

const cents = (text) => Math.round(Number(text.replace(',', '.')) * 100);

describe('cents', () => {
  test('reads a dot', () => assert.equal(cents('12.34'), 1234));
  test('reads a comma', () => assert.equal(cents('12,34'), 1234));
  test('floating point surprise', () => assert.equal(cents('1.005'), 101));
  test('not yet', { skip: 'waiting for the currency table' }, () => {});
});

test('sum of lines', () => assert.equal([1999, 1].reduce((a, b) => a + b, 0), 2000));
