/** The product's name in one place: routes, titles and copy derive from it. */
export const PRODUCT_NAME = 'Keel';
/** Lower-case slug used in routes and storage keys: /keel-transactions, /keel-checking, keel_report-options. */
export const PRODUCT_SLUG = 'keel';
