// Layout shared by the payments' screens.

/**
 * A box that scrolls sideways instead of widening the page: react-admin's content column grows to the widest
 * thing in it (a table, scrollable tabs), so such a box must add no width of its own (width 0) and still
 * fill the column (min-width 100 %).
 */
export const scrollsSideways = { overflowX: 'auto', width: 0, minWidth: '100%' } as const;
