import { OrderScreen } from '../features/orders/order-screen';

/** Orders taken through the pages: by hand here, or captured by the bot from a conversation. */
export function OrderManagerPage() {
  return <OrderScreen />;
}
