import { describe, expect, it } from 'vitest';
import { cellLine } from './table.ts';

describe('cellLine', () => {
  it('joins trimmed cells with " | ", any run of whitespace inside a cell one space', () => {
    expect(cellLine(['  SP1 ', 'Áo thun\ncotton', 'giá\t\tbán', 'a  b', 'x\u00a0y', ''])).toBe('SP1 | Áo thun cotton | giá bán | a b | x y | ');
    expect(cellLine(['Giá bán áo thun cotton là 150.000 VNĐ.'])).toBe('Giá bán áo thun cotton là 150.000 VNĐ.');
  });
});
