/** Who a request acts as: the admin (every path) or one user (only their own paths). */
export type Principal =
  { readonly kind: 'admin' } | { readonly kind: 'user'; readonly userId: string };
