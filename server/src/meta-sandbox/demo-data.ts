/** The sandbox's Facebook: a few people, each managing Vietnamese shops' pages. Ids look like Meta's. */
export interface DemoPage {
  id: string;
  name: string;
  category: string;
  /** Meta gives no page token when the person lacks a task that allows managing the page. */
  withoutToken?: boolean;
  /** The Instagram professional account linked to the page (its id differs per PageMate user, as the page's). */
  instagram?: { username: string };
}

export interface DemoAccount {
  id: string;
  name: string;
  pages: DemoPage[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: '100090000000001',
    name: 'Nguyễn Thị Lan',
    pages: [
      { id: '109000000000011', name: 'Tiệm Bánh Mì Cô Lan', category: 'Bakery', instagram: { username: 'banhmicolan' } },
      { id: '109000000000012', name: 'Thời Trang Lan Anh', category: 'Clothing store', instagram: { username: 'thoitranglananh' } },
      { id: '109000000000013', name: 'Cà Phê Góc Phố', category: 'Coffee shop' },
    ],
  },
  {
    id: '100090000000002',
    name: 'Trần Văn Minh',
    pages: [
      { id: '109000000000021', name: 'Nông Sản Sạch Minh Phát', category: 'Grocery store' },
      { id: '109000000000022', name: 'Điện Thoại Minh Mobile', category: 'Mobile phone shop' },
    ],
  },
  {
    id: '100090000000003',
    name: 'Lê Hoàng Yến',
    pages: [
      { id: '109000000000031', name: 'Mỹ Phẩm Yến Nhi', category: 'Beauty store', instagram: { username: 'mypham.yennhi' } },
      { id: '109000000000032', name: 'Trà Sữa Hoàng Yến', category: 'Bubble tea shop' },
      // Only an "analyse" task here: Meta returns this page without a token, so it cannot be connected.
      { id: '109000000000033', name: 'Hội Yêu Mèo Sài Gòn', category: 'Community', withoutToken: true },
    ],
  },
];

export function demoAccount(id: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.id === id);
}

export function demoPage(id: string): { page: DemoPage; account: DemoAccount } | undefined {
  for (const account of DEMO_ACCOUNTS) {
    const page = account.pages.find((candidate) => candidate.id === id);
    if (page) return { page, account };
  }
  return undefined;
}
