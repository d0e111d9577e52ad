import { formatVnd } from '@pagemate/shared-contracts/contracts';
import { foldVietnamese } from '../../../documents/fold.js';
import { findPhones } from './reply-guard.js';

/** A product the page's documents name with a price. */
export interface PricedProduct {
  name: string;
  /** Whole VND. */
  price: number;
}

/** What a customer's message orders, read deterministically (no model: the figures must be exact). */
export interface CapturedOrder {
  productName: string;
  unitPrice: number;
  quantity: number;
  totalPrice: number;
  /** Empty when the message gave none (the confirmation asks for it). */
  deliveryAddress: string;
  /** Digits of a phone number in the message, when there is one. */
  phone: string | null;
}

const MAX_QUANTITY = 1_000;
/** "Bánh mì thịt nướng giá 25.000đ", "Trà đào: 30k", "Cà phê sữa - 25.000 VNĐ", "Set quà — 1.250.000₫". */
const PRICE_LINE =
  /([\p{L}\d][\p{L}\d '&/+-]{1,60}?)\s*(?:[:\-–—=]|\s(?:giá|chỉ|có giá|price)(?=\s))\s*(?:giá\s+|chỉ\s+|only\s+)?(\d{1,3}(?:[.,\s]\d{3})+|\d+)\s*(k(?![\p{L}])|nghìn|ngàn|đ|₫|vnđ|vnd|đồng|dong(?![\p{L}]))?/giu;
const LEADING_NOISE = /^(?:[-•*+\d.)\s]+|(?:bảng giá|thực đơn|menu|giá)\s+)/iu;

function priceOf(digits: string, unit: string | undefined): number | undefined {
  const value = Number(digits.replace(/[.,\s]/g, ''));
  if (!Number.isSafeInteger(value) || value <= 0) return undefined;
  const lower = unit?.toLowerCase();
  if (lower === 'k' || lower === 'nghìn' || lower === 'ngàn') return value * 1_000;
  // A bare small number is a quantity or a size, not a price in dong.
  if (lower === undefined && value < 1_000) return undefined;
  return value;
}

/** Every "product … price" the passages state, first mention wins; names as written. */
export function pricedProducts(passages: readonly string[]): PricedProduct[] {
  const byName = new Map<string, PricedProduct>();
  for (const passage of passages) {
    for (const match of passage.matchAll(PRICE_LINE)) {
      const name = (match[1] ?? '').replace(LEADING_NOISE, '').trim();
      const price = priceOf(match[2] ?? '', match[3]);
      const key = foldVietnamese(name);
      if (price === undefined || name.length < 2 || key.split(' ').length > 8 || byName.has(key)) continue;
      byName.set(key, { name, price });
    }
  }
  return [...byName.values()];
}

const ORDER_INTENT = /\b(?:dat|đat|mua|lay|order|chot|ship cho|gui cho|buy|purchase|i(?:'d| would) like|i want|can i get)\b/u;
const NUMBER_WORDS: Record<string, number> = { mot: 1, hai: 2, ba: 3, bon: 4, nam: 5, sau: 6, bay: 7, tam: 8, chin: 9, muoi: 10, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const UNITS = '(?:o|cai|chiec|hop|ly|coc|phan|suat|kg|bo|doi|chai|goi|lon|tui|mon|banh|cay|bich|box|boxes|cups?|pieces?|pcs|x)';
const QUANTITY = new RegExp(`(?:^|\\s)(\\d{1,4}|${Object.keys(NUMBER_WORDS).join('|')})\\s*${UNITS}?\\s`, 'u');
const ADDRESS_VI = /(?:giao|ship|gửi|gởi)\s*(?:hàng\s*)?(?:tới|đến|về|cho mình|cho em|cho tôi|ở|tại)?\s*(?:địa chỉ|đ\/c|đc)?\s*[:,-]?\s*(.+?)(?=[.!?;\n]|\s(?:sđt|sdt|số điện thoại|số đt|điện thoại)\b|$)/iu;
const ADDRESS_LABEL = /(?:địa chỉ|đ\/c|address)\s*[:,-]?\s*(.+?)(?=[.!?;\n]|\s(?:sđt|sdt|số điện thoại|phone)\b|$)/iu;
const ADDRESS_EN = /(?:deliver|ship|send)\s*(?:it|them)?\s*to\s+(.+?)(?=[.!?;\n]|\s(?:phone|tel)\b|$)/iu;

/** Words of a product name found in the message: all of them (or all but one of a long name). */
function productScore(folded: Set<string>, product: PricedProduct): number {
  const words = foldVietnamese(product.name).split(' ').filter(Boolean);
  const present = words.filter((word) => folded.has(word)).length;
  const needed = words.length >= 4 ? words.length - 1 : words.length;
  return present >= needed ? present : 0;
}

function deliveryAddressOf(text: string): string {
  const found = ADDRESS_LABEL.exec(text)?.[1] ?? ADDRESS_VI.exec(text)?.[1] ?? ADDRESS_EN.exec(text)?.[1] ?? '';
  const cleaned = found
    .replace(/(?:\+?84|0)\d[\d\s.-]{7,13}\d/g, '')
    .replace(/[,\s]+$/u, '')
    // Sentence-final particles are manners, not part of the address ("… Quận 1 nhé").
    .replace(/(?:[,\s]+(?:nhé|nhe|nha|nhá|ạ|với|giúp mình|giúp em|please|thanks))+$/iu, '')
    .trim();
  // "giao hàng miễn phí không?": a question about delivery, not an address.
  return cleaned.length >= 6 && /\d|\p{Lu}/u.test(cleaned) ? cleaned.slice(0, 300) : '';
}

/**
 * The order in a customer's message, when it asks for a product the documents price: intent (đặt, mua, lấy,
 * chốt, order, buy…), the best-matching product, a quantity (1 when none is said), the delivery address and
 * phone when given. Undefined when the message is not an order of a priced product.
 */
export function captureOrder(text: string, products: readonly PricedProduct[]): CapturedOrder | undefined {
  const folded = foldVietnamese(text);
  if (!ORDER_INTENT.test(folded) || products.length === 0) return undefined;
  const words = new Set(folded.split(' ').filter(Boolean));
  let best: { product: PricedProduct; score: number } | undefined;
  for (const product of products) {
    const score = productScore(words, product);
    if (score > 0 && (!best || score > best.score)) best = { product, score };
  }
  if (!best) return undefined;
  // The quantity is said before the product's name ("2 ổ bánh mì"), not in the address or the phone.
  const before = folded.slice(0, Math.max(folded.indexOf(foldVietnamese(best.product.name).split(' ')[0] ?? ''), 0) + 1);
  const said = QUANTITY.exec(` ${before} `)?.[1];
  const quantity = said === undefined ? 1 : (NUMBER_WORDS[said] ?? Number(said));
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return undefined;
  const phone = findPhones(text)[0] ?? null;
  return {
    productName: best.product.name,
    unitPrice: best.product.price,
    quantity,
    totalPrice: best.product.price * quantity,
    deliveryAddress: deliveryAddressOf(text),
    phone,
  };
}

/** The bot's answer to a captured order: the details back, and what is still missing. */
export function orderConfirmation(order: CapturedOrder, lang: 'vi' | 'en', customerName: string): string {
  const line = `${order.quantity} × ${order.productName} (${formatVnd(order.unitPrice)}) = ${formatVnd(order.totalPrice)}`;
  if (lang === 'en') {
    const greeting = customerName ? `Thank you ${customerName}!` : 'Thank you!';
    const rest = order.deliveryAddress
      ? `Delivery to: ${order.deliveryAddress}. We will call to confirm before delivering.`
      : 'Please send us your delivery address and phone number so we can confirm the order.';
    return `${greeting} We have noted your order: ${line}. ${rest}`;
  }
  const greeting = customerName ? `Dạ, cảm ơn anh/chị ${customerName}!` : 'Dạ, cảm ơn anh/chị!';
  const rest = order.deliveryAddress
    ? `Giao tới: ${order.deliveryAddress}. Shop sẽ gọi xác nhận trước khi giao ạ.`
    : 'Anh/chị cho shop xin địa chỉ giao hàng và số điện thoại để shop xác nhận đơn nhé!';
  return `${greeting} Shop đã ghi nhận đơn: ${line}. ${rest}`;
}
