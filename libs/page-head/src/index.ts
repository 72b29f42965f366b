// What a page shows apart from React, the same in the browser and in the HTML the edge sends: each
// catalogue page's head (title, description, canonical path, Open Graph tags) and its summary for a
// crawler and the first paint (page-head.ts), and the initials drawn in place of a missing picture
// (initials.ts). Shapes and constants stay in @marketplace/contracts; this library holds the words.
export * from './page-head';
export * from './initials';
export * from './reply-time';
