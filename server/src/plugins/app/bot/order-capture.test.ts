import { describe, expect, it } from 'vitest';
import { captureOrder, orderConfirmation, pricedProducts } from './order-capture.js';

const MENU = [
  'Thực đơn: Bánh mì thịt nướng giá 25.000đ một ổ. Bánh mì chả cá giá 20.000đ.',
  '- Trà đào cam sả: 30k\n- Cà phê sữa đá - 25.000 VNĐ\n- Set quà Tết — 1.250.000₫\nCửa hàng mở cửa từ 6 giờ, giao hàng trong 3 km.',
];

describe('order capture from a conversation', () => {
  it('reads the priced products of the documents', () => {
    expect(pricedProducts(MENU)).toEqual([
      { name: 'Bánh mì thịt nướng', price: 25_000 },
      { name: 'Bánh mì chả cá', price: 20_000 },
      { name: 'Trà đào cam sả', price: 30_000 },
      { name: 'Cà phê sữa đá', price: 25_000 },
      { name: 'Set quà Tết', price: 1_250_000 },
    ]);
  });

  it('a sample order: product, quantity, price, total, address and phone', () => {
    const products = pricedProducts(MENU);
    expect(captureOrder('Cho mình đặt 2 ổ bánh mì thịt nướng, giao tới 12 Lê Lợi, Quận 1 nhé. SĐT 0912 345 678', products)).toEqual({
      productName: 'Bánh mì thịt nướng',
      unitPrice: 25_000,
      quantity: 2,
      totalPrice: 50_000,
      deliveryAddress: '12 Lê Lợi, Quận 1',
      phone: '0912345678',
    });
    expect(captureOrder('Lấy em ba ly trà đào cam sả', products)).toMatchObject({ productName: 'Trà đào cam sả', quantity: 3, totalPrice: 90_000, deliveryAddress: '' });
    expect(captureOrder("I'd like 4 cà phê sữa đá, deliver to 5 Nguyễn Huệ", products)).toMatchObject({ quantity: 4, totalPrice: 100_000, deliveryAddress: '5 Nguyễn Huệ' });
    expect(captureOrder('Chốt đơn set quà tết nha shop', products)).toMatchObject({ productName: 'Set quà Tết', quantity: 1, totalPrice: 1_250_000 });
  });

  it('questions, unknown products and absurd quantities are not orders', () => {
    const products = pricedProducts(MENU);
    expect(captureOrder('Bánh mì thịt nướng giá bao nhiêu vậy shop?', products)).toBeUndefined();
    expect(captureOrder('Shop có giao hàng miễn phí không?', products)).toBeUndefined();
    expect(captureOrder('Cho mình đặt 2 bánh bao', products)).toBeUndefined();
    expect(captureOrder('Đặt 5000 ổ bánh mì thịt nướng', products)).toBeUndefined();
    expect(captureOrder('Cho mình đặt 2 ổ bánh mì thịt nướng', [])).toBeUndefined();
  });

  it('the confirmation repeats the figures and asks for what is missing', () => {
    const order = { productName: 'Bánh mì thịt nướng', unitPrice: 25_000, quantity: 2, totalPrice: 50_000, deliveryAddress: '', phone: null };
    const vi = orderConfirmation(order, 'vi', 'Mai');
    expect(vi).toContain('2 × Bánh mì thịt nướng');
    expect(vi).toContain('50.000');
    expect(vi).toContain('địa chỉ giao hàng');
    expect(orderConfirmation({ ...order, deliveryAddress: '12 Lê Lợi' }, 'en', 'Mai')).toContain('Delivery to: 12 Lê Lợi');
  });
});
