// The shape of a static page's text (about, privacy, terms). Paragraphs and list items are plain strings
// with two marks: **bold** and [a link](/path), so the words read as words in these modules.

export type InfoBlock =
  /** A paragraph. */
  | string
  /** A bulleted list. */
  | { list: readonly string[] }
  /** A numbered list of steps. */
  | { steps: readonly string[] }
  /** A highlighted paragraph. */
  | { note: string };

export interface InfoSection {
  /** The section's anchor (#id), stable: other pages and the contents list link to it. */
  id: string;
  title: string;
  blocks: readonly InfoBlock[];
}

export interface InfoDocument {
  /** 'Last updated' (YYYY-MM-DD), shown under the heading. */
  updated?: string;
  /** A short 'In short' box before the sections. */
  summary?: readonly string[];
  /** Whether to show the list of sections ('On this page'). */
  contents?: boolean;
  sections: readonly InfoSection[];
}

/** The date the legal pages were last changed. */
export const LEGAL_UPDATED = '2026-11-23';
