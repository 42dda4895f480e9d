/**
 * The floating 'Ask Keel AI' button (features/assistant): its size and its distance from the window's
 * bottom-right corner.
 */
export const CHAT_BUTTON_SIZE_PX = 44;
export const CHAT_BUTTON_EDGE_PX = 16;
export const CHAT_BUTTON_BOTTOM_PX = 8;

/**
 * A signed-in page's bottom padding: the strip the chat button floats in, so it never covers a page's
 * controls (the last row of a list scrolls clear of it). A page that fills the window (the report grid
 * and its drawer) ends this far above the window's bottom.
 */
export const PAGE_BOTTOM_GAP_PX = CHAT_BUTTON_BOTTOM_PX + CHAT_BUTTON_SIZE_PX + 8;
