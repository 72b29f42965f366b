// The shell's index.html with one catalogue page's head and a plain-HTML summary of the page inside the
// root element, for crawlers that run no JavaScript. React's createRoot replaces the summary on mount.
// While scripts run, the summary is the page's first paint, drawn as the page draws itself (its look; the
// shell keeps it until the remote's page arrives); its links for crawlers are visually hidden. Without
// scripts the summary shows with its links below (a <noscript> style in the head).
import { SITE } from '@marketplace/contracts';
import {
  CHAT_PAGE_COPY,
  headTags,
  type AppPageCard,
  JOB_SEARCH_COPY,
  type CataloguePage,
  type HeadTag,
  type JobCardPicture,
  type LinkedText,
  type PageSummary,
} from '@marketplace/page-head';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value for HTML (and XML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

function tagHtml(tag: HeadTag): string {
  const value = escapeHtml(tag.value);
  return tag.attr === 'rel'
    ? `<link rel="${escapeHtml(tag.key)}" href="${value}">`
    : `<meta ${tag.attr}="${escapeHtml(tag.key)}" content="${value}">`;
}

/** The summary's class: hidden off-screen while scripts run, a page of its own when they do not. */
export const SUMMARY_CLASS = 'crawler-summary';

const C = `.${SUMMARY_CLASS}`;
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;' +
  'clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0';
const GUTTER = 'clamp(16px,4vw,32px)';
const HERO_GREEN = 'linear-gradient(160deg,#0b4a33 0%,#083b29 100%)';
/** A list item's tick: two borders of a turned box (an SVG image would cost a document of its own to draw). */
const TICK =
  'content:"";position:absolute;left:6px;top:6px;width:6px;height:10px;box-sizing:border-box;' +
  'border:solid #083b29;border-width:0 2px 2px 0;transform:rotate(45deg)';

/**
 * A company profile as the catalogue remote draws it (its company-profile.css: keep them in step): the
 * photo (or the initials on the green) across the top, the introduction card below it in the left column.
 */
const PROFILE_STYLE =
  `[data-look=profile] ${C}__hero{color:#1f2a24;background:none}` +
  `[data-look=profile] ${C}__inner{grid-template-columns:minmax(0,1.7fr) minmax(0,1fr);column-gap:24px;` +
  `padding-top:clamp(20px,4vw,40px);padding-bottom:clamp(40px,6vw,72px)}` +
  `${C}__photo{grid-column:1/-1;overflow:hidden;border-radius:18px;aspect-ratio:1180/320;min-height:140px;` +
  `max-width:100%;margin-bottom:24px;background:linear-gradient(135deg,#00623d,#083b29)}` +
  `${C}__photo img{display:block;width:100%;height:100%;object-fit:cover}` +
  `${C}__photo span{display:grid;place-items:center;height:100%;font-size:clamp(2.5rem,6vw,4.5rem);` +
  `font-weight:800;color:rgba(255,255,255,.9)}` +
  // A column of flex items (for the rating above the description): no margins collapse, hence the sums.
  `[data-look=profile] ${C}__copy{display:flex;flex-direction:column;align-items:flex-start;` +
  `padding:clamp(18px,3vw,28px);border:1px solid #e2e8e4;border-radius:12px;background:#fff;` +
  `box-shadow:0 1px 2px rgba(15,31,23,.06)}` +
  `[data-look=profile] ${C}__hero nav{${VISUALLY_HIDDEN}}` +
  `[data-look=profile] ${C}__eyebrow{margin:0 0 12px;padding:4px 10px;border-radius:999px;background:#e8f5ee;` +
  `color:#00623d;font-size:.78rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase}` +
  `[data-look=profile] ${C}__hero h1{font-size:clamp(1.6rem,1.2rem + 1.6vw,2.3rem);font-weight:700;` +
  `line-height:1.2;letter-spacing:-.01em;margin:0;color:#0f1f17}` +
  `[data-look=profile] ${C}__hero ul{order:1;display:block;margin:6px 0 4px;color:#8a5a00;font-weight:700}` +
  `[data-look=profile] ${C}__hero li{padding:0;color:inherit}` +
  `[data-look=profile] ${C}__hero li::before,[data-look=profile] ${C}__hero li::after{content:none}` +
  `[data-look=profile] ${C}__lead{order:2;margin:12px 0 1em;white-space:pre-line}` +
  `@media (max-width:900px){[data-look=profile] ${C}__inner{grid-template-columns:minmax(0,1fr)}}` +
  `@media (prefers-color-scheme:dark){[data-look=profile] ${C}__hero{color:#d5dfd9}` +
  `[data-look=profile] ${C}__copy{background:#17201b;border-color:#2f3d36}` +
  `[data-look=profile] ${C}__hero h1{color:#f2f6f4}` +
  `[data-look=profile] ${C}__eyebrow{background:#133325;color:#63d6a3}` +
  `[data-look=profile] ${C}__hero ul{color:#f2c55c}}`;

/**
 * The pages in the sign-in card as the shell draws them (libs/ui forms.css: keep them in step): the narrow
 * card ('auth') and the company registration's wider one ('auth-wide').
 */
const A = ':is([data-look=auth],[data-look=auth-wide])';
const AUTH_STYLE =
  `${A} ${C}__hero{color:#1f2a24;padding:clamp(24px,5vw,64px) 0 clamp(48px,8vw,88px);` +
  `background:radial-gradient(900px 320px at 0% 0%,rgba(0,135,81,.09),transparent 70%),` +
  `radial-gradient(700px 300px at 100% 100%,rgba(245,179,1,.08),transparent 70%)}` +
  `${A} ${C}__inner{grid-template-columns:minmax(0,1fr) minmax(0,460px);gap:clamp(32px,6vw,80px);` +
  `align-items:center}` +
  `${C}__aside{max-width:420px}` +
  `${C}__aside p{margin:0 0 20px;color:#0f1f17;font-size:clamp(1.5rem,1.1rem + 1.4vw,2.1rem);font-weight:800;` +
  `line-height:1.2;letter-spacing:-.02em}` +
  `${A} ${C}__hero ${C}__aside li{padding-left:30px;font-size:1.02rem;color:#1f2a24}` +
  `${A} ${C}__hero li::before{background:#e8f5ee}${A} ${C}__hero li::after{border-color:#008751}` +
  `${A} ${C}__copy{background:#fff;border:1px solid #e2e8e4;border-radius:18px;` +
  `box-shadow:0 1px 3px rgba(15,31,23,.06),0 8px 24px rgba(15,31,23,.06);padding:clamp(22px,4vw,36px)}` +
  `${A} ${C}__hero h1{color:#0f1f17;font-size:clamp(1.45rem,1.2rem + 1vw,1.85rem);font-weight:800;` +
  `line-height:1.2;letter-spacing:-.01em;margin:0 0 8px}` +
  `${A} ${C}__lead{color:#5b6b63;margin:0 0 24px}` +
  `${A} ${C}__lead a{color:#00774a;font-weight:650;text-decoration:none}` +
  `[data-look=auth-wide] ${C}__inner{grid-template-columns:minmax(0,.8fr) minmax(0,680px);align-items:start}` +
  `@media (max-width:900px){${A} ${C}__inner{grid-template-columns:minmax(0,1fr)}` +
  `${C}__aside{display:none}${A} ${C}__copy{box-sizing:border-box;max-width:560px;width:100%;margin:0 auto}` +
  `[data-look=auth-wide] ${C}__copy{max-width:720px}}` +
  `@media (max-width:480px){${A} ${C}__hero{padding-top:16px}` +
  `${A} ${C}__copy{border-radius:12px;padding:20px 16px 24px}}` +
  `@media (prefers-color-scheme:dark){${A} ${C}__hero{color:#d5dfd9}` +
  `${C}__aside p,${A} ${C}__hero h1{color:#f2f6f4}${A} ${C}__hero ${C}__aside li{color:#d5dfd9}` +
  `${A} ${C}__copy{background:#17201b;border-color:#2f3d36}${A} ${C}__lead{color:#9cada4}${A} ${C}__lead a{color:#4fcb95}` +
  `${A} ${C}__hero li::before{background-color:#133325}}`;

/**
 * The job search (/jobs) as the jobs remote draws it (its job-listings.css and the kit's styles.css and
 * fields.css: keep them in step): the band with the search form's frame, the results' heading and the
 * first page's cards, at the same sizes and breakpoints, so nothing moves when the page replaces it.
 */
const J = ':is([data-look=jobs],[data-look=band])';
const B = '[data-look=band]';
const SEARCH_ICON =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><circle cx="11" cy="11" r="7" fill="none" ' +
  'stroke="currentColor" stroke-width="2"/><path d="m20 20-3.5-3.5" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round"/></svg>';
const JOBS_STYLE =
  `${J} .jp-wrap{box-sizing:border-box;width:100%;max-width:1180px;margin:0 auto;padding-left:${GUTTER};padding-right:${GUTTER}}` +
  `${J}>main *,${J}>main *::before,${J}>main *::after{box-sizing:border-box}` +
  `${J} .jp-band{background:radial-gradient(700px 220px at 100% 0%,rgba(0,135,81,.08),transparent 70%),#fff;` +
  `border-bottom:1px solid #e2e8e4;color:#1f2a24}` +
  `${J} .jp-head{padding-top:clamp(28px,5vw,52px);padding-bottom:clamp(24px,4vw,40px)}` +
  // A page band (the kit's ui-page__head) and /other-services' search box (the catalogue's info.css).
  `${B} .jp-head{padding-top:clamp(28px,5vw,56px);padding-bottom:clamp(24px,4vw,44px)}${B} .jp-head>*{max-width:760px}` +
  `${B} .jp-search{max-width:560px;margin-top:24px}${B} .jp-search-label{display:block;margin-bottom:8px;font-weight:700;color:#0f1f17}` +
  `${B} .jp-search-field{display:flex;align-items:center;gap:10px;height:54px;padding:0 16px;border:1px solid #e2e8e4;` +
  `border-radius:14px;background:#fff;color:#5b6b63;box-shadow:0 1px 2px rgba(15,31,23,.06);font-size:1.02rem}` +
  `${B} .jp-search-field svg{flex:none}${B} .jp-search-field span{color:#61706a;white-space:nowrap;overflow:hidden}` +
  // The about page's opening section (the catalogue's info.css: .info-page__body, .info-section).
  `${B} .jp-doc{padding-top:clamp(24px,4vw,40px)}${B} .jp-doc-section{max-width:760px}` +
  `${B} .jp-doc h2{margin:0 0 14px;color:#0f1f17;font-size:clamp(1.25rem,1.1rem + .6vw,1.5rem);` +
  `font-weight:800;line-height:1.2;letter-spacing:-.01em}${B} .jp-doc p{margin:0 0 1em;color:#1f2a24;line-height:1.65}` +
  `${J} .jp-eyebrow{display:inline-block;margin:0 0 12px;padding:4px 10px;border-radius:999px;background:#e8f5ee;` +
  `color:#00623d;font-size:.78rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase}` +
  `${J} h1{margin:0 0 .5em;color:#0f1f17;font-size:clamp(1.75rem,1.2rem + 2.2vw,2.6rem);font-weight:800;` +
  `line-height:1.2;letter-spacing:-.01em;overflow-wrap:anywhere}` +
  `${J} .jp-lead{max-width:760px;margin:0;font-size:1.08rem;color:#5b6b63}` +
  // The job-apply page's links under its lead (the jobs remote's .jobs-page__links).
  `${J} .jp-links{display:flex;flex-wrap:wrap;gap:8px 20px;margin:16px 0 0;font-weight:600}` +
  `${J} .jp-links a{color:#00774a;text-decoration:none}` +
  `${J} .jp-form{display:grid;gap:16px;margin-top:24px;padding:clamp(16px,3vw,22px);border:1px solid #e2e8e4;` +
  `border-radius:18px;background:#fff;box-shadow:0 1px 3px rgba(15,31,23,.06),0 8px 24px rgba(15,31,23,.06)}` +
  `${J} .jp-words{display:flex;align-items:flex-start;gap:10px}${J} .jp-words>.jp-field{flex:1;min-width:0}` +
  `${J} .jp-field{display:grid;gap:6px;align-content:start}` +
  `${J} .jp-label{color:#0f1f17;font-weight:600;font-size:.92rem}` +
  `${J} .jp-input{display:block;min-height:46px;padding:10px 14px;border:1px solid #cfd8d3;border-radius:10px;` +
  `background:#fff;color:#61706a;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}` +
  // Chromium draws a date input 2 px taller than a text input (its day, month and year fields).
  `${J} .jp-date{min-height:48.8px}` +
  `${J} .jp-submit{display:inline-flex;align-items:center;justify-content:center;min-height:46px;padding:0 18px;` +
  `margin-top:calc(.92rem*1.5 + 6px);border:1px solid transparent;border-radius:10px;background:#008751;color:#fff;` +
  `font-weight:600;font-size:.95rem;line-height:1;white-space:nowrap}` +
  `${J} .jp-filters{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:12px 14px}` +
  `${J} .jp-body{padding-top:clamp(24px,4vw,36px);padding-bottom:clamp(48px,8vw,88px)}` +
  `${J} .jp-results{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px 16px;margin-bottom:18px}` +
  `${J} h2{margin:0;color:#0f1f17;font-size:clamp(1.2rem,1rem + .8vw,1.5rem);line-height:1.2;letter-spacing:-.01em}` +
  `${J} .jp-count{margin:0;color:#5b6b63;font-variant-numeric:tabular-nums}` +
  `${J} .jp-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:20px}` +
  `${J} .jp-card{display:flex;flex-direction:column;min-width:0;overflow:hidden;border:1px solid #e2e8e4;` +
  `border-radius:12px;background:#fff;box-shadow:0 1px 2px rgba(15,31,23,.06)}` +
  `${J} .jp-media{display:block;aspect-ratio:16/9;overflow:hidden;background:#e8f5ee}` +
  `${J} .jp-media img{display:block;width:100%;height:100%;object-fit:cover}` +
  `${J} .jp-card-body{display:flex;flex-direction:column;gap:8px;flex:1;padding:16px}` +
  `${J} .jp-trade{margin:0;color:#00623d;font-size:.78rem;font-weight:700;letter-spacing:.05em;text-transform:uppercase}` +
  `${J} h3{margin:0;color:#0f1f17;font-size:1.08rem;line-height:1.3;letter-spacing:-.01em;overflow-wrap:anywhere}` +
  `${J} .jp-meta{list-style:none;margin:0;padding:0;display:grid;gap:4px;color:#5b6b63;font-size:.9rem}` +
  `${J} .jp-meta li{display:flex;align-items:center;gap:8px;min-width:0}` +
  `${J} .jp-meta li::before{content:"";flex:none;width:16px;height:16px}` +
  `${J} .jp-foot{margin-top:auto;padding-top:8px}` +
  `${J} .jp-action{display:flex;align-items:center;justify-content:center;width:100%;min-height:44px;padding:0 14px;` +
  `border-radius:10px;background:#008751;color:#fff;font-size:.9rem;font-weight:600;line-height:1.25;text-align:center}` +
  `@media (max-width:991px){${J} .jp-grid{grid-template-columns:repeat(2,minmax(0,1fr))}` +
  `${J} .jp-filters{grid-template-columns:repeat(3,minmax(0,1fr))}}` +
  `@media (max-width:767px){${J} .jp-filters{grid-template-columns:repeat(2,minmax(0,1fr))}}` +
  `@media (max-width:600px){${J} .jp-grid{grid-template-columns:minmax(0,1fr)}}` +
  `@media (max-width:420px){${J} .jp-filters{grid-template-columns:minmax(0,1fr)}` +
  `${J} .jp-words{flex-direction:column;align-items:stretch}${J} .jp-submit{margin-top:0}}` +
  `@media (prefers-color-scheme:dark){${J} .jp-band{background:radial-gradient(700px 220px at 100% 0%,rgba(0,135,81,.08),transparent 70%),#17201b;` +
  `border-color:#2f3d36;color:#d5dfd9}${J} .jp-eyebrow,${J} .jp-media{background:#133325}${J} .jp-eyebrow,${J} .jp-trade{color:#63d6a3}` +
  `${J} h1,${J} h2,${J} h3,${J} .jp-label{color:#f2f6f4}${B} .jp-doc p{color:#d5dfd9}${J} .jp-lead,${J} .jp-count,${J} .jp-meta{color:#9cada4}` +
  `${J} .jp-links a{color:#4fcb95}${J} .jp-form,${J} .jp-card,${B} .jp-search-field{background:#17201b;border-color:#2f3d36}${B} .jp-search-label{color:#f2f6f4}${J} .jp-input{background:#0e1512;border-color:#56665e;color:#8a9b92}}`;

/**
 * A signed-in page ('app') as the shell's signed-in layout and the page draw it (the shell's app-layout.css,
 * the pages' dash.css, admin.css, forms.css and newchat.css: keep them in step): the sidebar (248 px, an
 * icon rail of 76 px below 768 px, none below 576 px), the top bar (64 px; 67 px on a phone, where it
 * wraps its buttons) and the page's eyebrow, h1 and lead at the same sizes. The layout's own sidebar and
 * bar replace the edge's as soon as it has loaded (libs/ui hides these then, and the main's offset).
 * And /jobpost ('post'), under the public bar: its form's head as post-job.css draws it.
 */
const P = '[data-look=app]';
/** The signed-in layout's frame around the page: a page's head ('app') or the chat's card ('chat'). */
const F = ':is([data-look=app],[data-look=chat])';
const APP_STYLE =
  `${F}{min-height:100vh}` +
  `${F}>aside{position:fixed;inset:0 auto 0 0;z-index:1;box-sizing:border-box;width:248px;padding:20px 14px;` +
  `background:#fff;border-right:1px solid #e2e8e4}` +
  `${F}>aside a{display:flex;align-items:center;gap:10px;padding:4px 10px 24px;color:#008751;font-weight:750;` +
  `font-size:1.08rem;letter-spacing:-.02em;white-space:nowrap;text-decoration:none}${F}>aside span{color:#0f1f17}` +
  `${C}${F}>header{box-sizing:border-box;height:64px;margin-left:248px;padding:0;border-bottom:1px solid #e2e8e4}` +
  `${F} ${C}__main{display:block;margin-left:248px}` +
  `${P} .ap-page{box-sizing:border-box;max-width:1180px;padding:clamp(20px,4vw,36px) ${GUTTER} 56px}` +
  `${P} .ap-eyebrow,[data-look=post] .ap-eyebrow{display:inline-block;margin:0 0 12px;padding:4px 10px;` +
  `border-radius:999px;background:#e8f5ee;color:#00623d;font-size:.78rem;font-weight:700;letter-spacing:.06em;` +
  `text-transform:uppercase}` +
  `${P} h1{margin:0 0 4px;color:#0f1f17;font-size:clamp(1.6rem,1.2rem + 1.4vw,2.1rem);font-weight:800;` +
  `line-height:1.2;letter-spacing:-.01em}` +
  `${P} .ap-lead,[data-look=post] .ap-lead{margin:0;color:#5b6b63}` +
  // The admin's dashboard card (the jobs remote's dashboard.css: .dash-card, .dash-empty).
  `${P} .ap-card{margin-top:22px;overflow:hidden;border:1px solid #e2e8e4;border-radius:18px;background:#fff;` +
  `box-shadow:0 1px 2px rgba(15,31,23,.06)}` +
  `${P} .ap-card-head{padding:16px 20px;border-bottom:1px solid #e2e8e4}` +
  `${P} h2{margin:0;color:#0f1f17;font-size:1.15rem;line-height:1.2;letter-spacing:-.01em}` +
  `${P} .ap-empty{display:grid;justify-items:center;gap:12px;padding:44px 20px;color:#5b6b63;text-align:center}` +
  `${P} .ap-empty p{margin:0;max-width:440px}${P} .ap-empty p:first-child{color:#0f1f17;font-size:1.05rem;font-weight:650}` +
  `${P} .ap-empty a{color:#00774a;text-decoration:underline;text-underline-offset:2px}` +
  `@media (max-width:767.98px){${F}>aside{width:76px;padding:16px 12px}${F}>aside a{justify-content:center;` +
  `padding:4px 0 20px}${F}>aside span{display:none}${C}${F}>header{margin-left:76px}${F} ${C}__main{margin-left:76px}}` +
  `@media (max-width:575.98px){${F}>aside{display:none}${C}${F}>header{height:67px;margin-left:0}` +
  `${F} ${C}__main{margin-left:0}}` +
  `[data-look=post] .ap-band{padding:clamp(20px,4vw,48px) 0 clamp(48px,8vw,88px);` +
  `background:radial-gradient(900px 320px at 0% 0%,rgba(0,135,81,.08),transparent 70%),` +
  `radial-gradient(700px 300px at 100% 100%,rgba(245,179,1,.07),transparent 70%)}` +
  `[data-look=post] .ap-page{box-sizing:border-box;max-width:1180px;margin:0 auto;padding:0 ${GUTTER}}` +
  `[data-look=post] .ap-head{max-width:720px}` +
  `[data-look=post] h1{margin:0 0 8px;color:#0f1f17;font-size:clamp(1.7rem,1.2rem + 1.8vw,2.4rem);font-weight:800;` +
  `line-height:1.2;letter-spacing:-.02em}[data-look=post] .ap-lead{font-size:1.05rem}` +
  `@media (prefers-color-scheme:dark){${F}>aside{background:#17201b;border-color:#2f3d36}${F}>aside span{color:#f2f6f4}` +
  `${C}${F}>header{border-color:#2f3d36}${P} .ap-eyebrow,[data-look=post] .ap-eyebrow{background:#133325;color:#63d6a3}` +
  `${P} h1,[data-look=post] h1{color:#f2f6f4}${P} .ap-lead,[data-look=post] .ap-lead{color:#9cada4}` +
  `${P} .ap-card{background:#17201b;border-color:#2f3d36}${P} .ap-card-head{border-color:#2f3d36}` +
  `${P} h2,${P} .ap-empty p:first-child{color:#f2f6f4}${P} .ap-empty{color:#9cada4}${P} .ap-empty a{color:#4fcb95}}`;

/**
 * /chat ('chat') as the chat remote draws it before it has the inbox (its chat.css: keep them in step): the
 * card filling the window under the top bar. Narrow (a window below 900 px, or a card below 860 px: the
 * remote's CHAT_NARROW_QUERY and THREE_PANES_MIN_PX): the bar with its two buttons over the messages,
 * and the inbox open over them when no conversation is chosen. Wide: three columns, the bar over the
 * messages only. The empty middle pane's words are the page's largest paint, so they are drawn here.
 */
const K = '[data-look=chat]';
const CHAT_STYLE =
  `${K}>main *,${K}>main *::before,${K}>main *::after{box-sizing:border-box}` +
  `${K} .cf{container:cf/inline-size;display:flex;flex-direction:column;height:calc(100vh - 64px);` +
  `height:calc(100dvh - 64px);min-height:460px;padding:clamp(10px,2vw,24px) ${GUTTER};color:#1f2a24}` +
  `${K} .cf-frame{position:relative;display:flex;flex:1;flex-direction:column;min-height:0;overflow:hidden;` +
  `border:1px solid #e2e8e4;border-radius:18px;background:#fff;` +
  `box-shadow:0 1px 3px rgba(15,31,23,.06),0 8px 24px rgba(15,31,23,.06)}` +
  `${K} .cf-bar{display:flex;align-items:center;gap:12px;min-height:60px;padding:10px 12px;border-bottom:1px solid #e2e8e4}` +
  `${K} .cf-title{flex:1;min-width:0;text-align:center}` +
  `${K} h1{margin:0;overflow:hidden;color:#0f1f17;font-size:1.12rem;font-weight:750;line-height:1.2;letter-spacing:-.01em;` +
  `text-overflow:ellipsis;white-space:nowrap}` +
  `${K} .cf-toggle{display:inline-flex;flex:none;align-items:center;gap:6px;min-height:40px;padding:0 12px;` +
  `border:1px solid #e2e8e4;border-radius:10px;background:#fff;color:#0f1f17;font-size:.9rem;font-weight:650}` +
  `${K} .cf-none .cf-toggle:first-child{border-color:#008751;background:#e8f5ee;color:#00623d}` +
  `${K} .cf-panes{position:relative;display:flex;flex:1;min-height:0}` +
  `${K} .cf-pane{position:absolute;top:0;bottom:0;z-index:3;display:flex;flex-direction:column;` +
  `width:min(360px,88%);min-height:0;background:#fff;box-shadow:0 12px 40px rgba(15,31,23,.12);visibility:hidden}` +
  `${K} .cf-inbox{left:0}${K} .cf-details{right:0}${K} .cf-none .cf-inbox{visibility:visible}` +
  `${K} .cf-head{display:flex;flex:none;align-items:center;gap:10px;min-height:56px;padding:12px 18px;` +
  `border-bottom:1px solid #e2e8e4}` +
  `${K} h2{margin:0;color:#0f1f17;font-size:1.02rem;font-weight:750;line-height:1.2;letter-spacing:-.01em}` +
  `${K} .cf-close{display:inline-flex;align-items:center;justify-content:center;width:38px;height:38px;` +
  `margin-left:auto;border:1px solid #e2e8e4;border-radius:10px;color:#5b6b63}` +
  `${K} .cf-ghosts{flex:1;margin:0;padding:6px 0;list-style:none}` +
  `${K} .cf-ghosts li{display:flex;align-items:center;gap:12px;padding:11px 16px}` +
  `${K} .cf-avatar{flex:none;width:44px;height:44px;border-radius:50%;background:#f6f8f7}` +
  `${K} .cf-lines{display:grid;flex:1;gap:8px}` +
  `${K} .cf-lines span{display:block;height:14px;border-radius:7px;background:#eaefec}` +
  `${K} .cf-thread{display:flex;flex:1;flex-direction:column;min-width:0;min-height:0;background:#f6f8f7}` +
  `${K} .cf-empty{display:grid;gap:4px;padding:28px 20px;color:#5b6b63;text-align:center}` +
  `${K} .cf-empty p{margin:0}${K} .cf-empty-title{color:#0f1f17;font-weight:650}${K} .cf-empty-text{font-size:.9rem}` +
  `${K} .cf-center{align-content:center;justify-items:center;height:100%}` +
  `${K} .cf-art{display:inline-flex;align-items:center;justify-content:center;width:68px;height:68px;` +
  `margin-bottom:10px;border-radius:50%;background:#e8f5ee;color:#00623d}` +
  `${K} .cf-scrim{position:absolute;inset:0;z-index:2;display:none;background:rgba(15,31,23,.32)}` +
  `${K} .cf-none .cf-scrim{display:block}` +
  `@media (max-width:575.98px){${K} .cf{height:calc(100vh - 67px);height:calc(100dvh - 67px);padding:8px}` +
  `${K} .cf-frame{border-radius:12px}}` +
  // Phones: the bar's buttons show their icons only.
  `@media (max-width:479.98px){${K} .cf-toggle{justify-content:center;width:44px;height:44px;padding:0}` +
  `${K} .cf-toggle span{display:none}}` +
  `@media (min-width:900px){@container cf (min-width:860px){` +
  `${K} .cf-frame{display:grid;grid-template-columns:clamp(240px,28%,330px) minmax(0,1fr) clamp(230px,25%,310px);` +
  `grid-template-rows:auto minmax(0,1fr);grid-template-areas:'inbox bar details' 'inbox thread details'}` +
  `${K} .cf-bar{grid-area:bar;min-height:68px;padding:12px 20px}${K} .cf-title{text-align:left}` +
  `${K} .cf-toggle,${K} .cf-close,${K} .cf-none .cf-scrim{display:none}${K} .cf-panes{display:contents}` +
  `${K} .cf-pane{position:static;width:auto;box-shadow:none;visibility:visible}` +
  `${K} .cf-inbox{grid-area:inbox;border-right:1px solid #e2e8e4}${K} .cf-details{grid-area:details;border-left:1px solid #e2e8e4}` +
  `${K} .cf-thread{grid-area:thread}${K} .cf-head{min-height:68px}}}` +
  `@media (prefers-color-scheme:dark){${K} .cf{color:#d5dfd9}${K} .cf-frame,${K} .cf-pane,${K} .cf-toggle{background:#17201b}` +
  `${K} .cf-frame,${K} .cf-bar,${K} .cf-head,${K} .cf-toggle,${K} .cf-close,${K} .cf-inbox,${K} .cf-details{border-color:#2f3d36}` +
  `${K} h1,${K} h2,${K} .cf-toggle,${K} .cf-empty-title{color:#f2f6f4}${K} .cf-empty,${K} .cf-close{color:#9cada4}` +
  `${K} .cf-thread,${K} .cf-avatar{background:#0e1512}${K} .cf-lines span{background:#222d27}` +
  `${K} .cf-art,${K} .cf-none .cf-toggle:first-child{background:#133325;color:#63d6a3}}`;

/**
 * While scripts run: the summary is the page's first paint, drawn as the page draws itself (for a home or
 * landing page its hero: sizes, colours and grid from the remote's catalogue.css and landing.css, keep them
 * in step), under a bar as tall as the shell's header; its link sections are for crawlers and hidden. The
 * shell keeps this node on screen until the remote's page replaces it (@marketplace/ui PendingPage), so the
 * visitor reads the heading at once and nothing flashes.
 */
const SCRIPTED_STYLE =
  `${C} section{${VISUALLY_HIDDEN}}` +
  `${C}[data-look]{line-height:1.55}` +
  `${C}[data-look]>header{display:flex;align-items:center;height:68px;border-bottom:1px solid #dfe7e2;` +
  `background:#fff;padding:0 max(${GUTTER},calc((100% - 1180px)/2 + ${GUTTER}))}` +
  `${C}[data-look]>header a{display:inline-flex;align-items:center;gap:10px;color:#008751;font-weight:750;` +
  `font-size:1.08rem;letter-spacing:-.02em;white-space:nowrap;text-decoration:none}` +
  `${C}[data-look]>header span{color:#0f1f17}` +
  `@media (prefers-color-scheme:dark){${C}[data-look]>header span{color:#f2f6f4}}` +
  `[data-look] ${C}__hero{color:#fff;background:${HERO_GREEN}}` +
  `[data-look=home] ${C}__hero{background:radial-gradient(1200px 500px at 85% -10%,rgba(245,179,1,.16),transparent 60%),` +
  `radial-gradient(900px 600px at -10% 110%,rgba(0,135,81,.45),transparent 60%),${HERO_GREEN}}` +
  `[data-look=landing] ${C}__hero{background:radial-gradient(900px 420px at 90% -20%,rgba(245,179,1,.14),transparent 60%),` +
  `${HERO_GREEN}}` +
  `[data-look] ${C}__hero h1{color:#fff}` +
  `[data-look] ${C}__inner{box-sizing:border-box;max-width:1180px;margin:0 auto;padding-left:${GUTTER};padding-right:${GUTTER};display:grid}` +
  `:where([data-look] ${C}__hero) h1{color:#fff;font-weight:800;line-height:1.2;margin:0 0 .5em}` +
  `:where([data-look] ${C}__hero) p{margin:0 0 1em}` +
  `[data-look] ${C}__hero nav{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:18px;font-size:.88rem;color:rgba(255,255,255,.72)}` +
  `[data-look] ${C}__hero nav a{color:rgba(255,255,255,.9);text-decoration:none}` +
  `[data-look=home] ${C}__inner{grid-template-columns:minmax(0,1.15fr) minmax(0,.85fr);gap:56px;` +
  `align-items:center;padding-top:clamp(48px,8vw,96px);padding-bottom:clamp(56px,9vw,112px)}` +
  `[data-look=home] ${C}__eyebrow{display:inline-block;margin:0 0 18px;padding:6px 12px;` +
  `border:1px solid rgba(255,255,255,.22);border-radius:12px;background:rgba(255,255,255,.08);` +
  `font-size:.82rem;font-weight:600;color:rgba(255,255,255,.9)}` +
  `[data-look=home] h1{font-size:clamp(2rem,1.2rem + 3.4vw,3.4rem);letter-spacing:-.025em;max-width:16ch}` +
  `[data-look=home] ${C}__lead{max-width:54ch;font-size:clamp(1rem,.95rem + .3vw,1.15rem);` +
  `color:rgba(255,255,255,.82);margin-bottom:28px}` +
  `[data-look=landing] ${C}__inner{grid-template-columns:minmax(0,1.2fr) minmax(0,.8fr);` +
  `gap:clamp(28px,5vw,64px);align-items:start;padding-top:clamp(32px,6vw,72px);padding-bottom:clamp(40px,7vw,88px)}` +
  `[data-look=landing] ${C}__eyebrow{margin:0 0 10px;font-size:.85rem;font-weight:700;` +
  `letter-spacing:.06em;text-transform:uppercase;color:#f5b301}` +
  `[data-look=landing] h1{font-size:clamp(1.8rem,1.2rem + 2.4vw,2.9rem);letter-spacing:-.02em;margin-bottom:16px}` +
  `[data-look=landing] ${C}__lead{max-width:60ch;color:rgba(255,255,255,.84);` +
  `font-size:clamp(1rem,.95rem + .25vw,1.12rem);margin-bottom:22px}` +
  `[data-look] ${C}__hero ul{list-style:none;padding:0;margin:0;display:grid;gap:10px}` +
  `[data-look] ${C}__hero li{position:relative;padding-left:30px;color:rgba(255,255,255,.92)}` +
  `[data-look] ${C}__hero li::before{content:"";position:absolute;left:0;top:3px;width:18px;height:18px;` +
  `border-radius:50%;background:#f5b301}` +
  `[data-look] ${C}__hero li::after{${TICK}}` +
  // Where the home page's search box will be, so the hero keeps about its height.
  `[data-look=home] ${C}__lead::after{content:"";display:block;max-width:560px;height:58px;margin-top:28px;` +
  `border-radius:12px;background:#fff}` +
  `@media (max-width:991.98px){[data-look=home] ${C}__inner,[data-look=landing] ${C}__inner{grid-template-columns:minmax(0,1fr)}}` +
  PROFILE_STYLE +
  AUTH_STYLE +
  JOBS_STYLE +
  APP_STYLE +
  CHAT_STYLE;

/** Without scripts: the summary keeps its look, its links below. */
const NO_SCRIPT_STYLE =
  `${C} section{position:static;width:auto;height:auto;margin:0 auto;overflow:visible;clip:auto;` +
  `clip-path:none;white-space:normal;color:#16241c;line-height:1.55;max-width:1160px;padding:16px}` +
  `${C} section a{color:#006b40}`;

/** Everything the page's head gets: title, description, canonical, Open Graph, and the summary's styles. */
export function headHtml(page: CataloguePage, origin: string): string {
  return [
    `<title>${escapeHtml(page.head.title)}</title>`,
    ...headTags(page.head, origin).map(tagHtml),
    `<style>${SCRIPTED_STYLE}</style>`,
    `<noscript><style>${NO_SCRIPT_STYLE}</style></noscript>`,
  ].join('');
}

const link = (item: { name: string; path: string }) =>
  `<a href="${escapeHtml(item.path)}">${escapeHtml(item.name)}</a>`;

/** The brand's mark as the shell's header draws it (@marketplace/ui Logo). */
const LOGO_MARK =
  '<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" style="flex:none;vertical-align:middle">' +
  '<rect width="32" height="32" rx="9" fill="currentColor"/>' +
  '<path d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>' +
  '<path d="m12.5 18.5 2.6 2.6 4.6-5" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** A profile's photo (the page's largest paint, so asked for first), or its initials on the green. */
function photoHtml(photo: NonNullable<PageSummary['photo']>): string {
  const picture = photo.path
    ? `<img src="${escapeHtml(photo.path)}" alt="" width="1180" height="320" fetchpriority="high">`
    : `<span>${escapeHtml(photo.initials)}</span>`;
  return `<div class="${SUMMARY_CLASS}__photo" aria-hidden="true">${picture}</div>`;
}

/** The pitch beside a card: its title and points. */
function asideHtml(aside: NonNullable<PageSummary['aside']>): string {
  const points = aside.points.map((point) => `<li>${escapeHtml(point)}</li>`).join('');
  return `<div class="${SUMMARY_CLASS}__aside"><p>${escapeHtml(aside.title)}</p><ul>${points}</ul></div>`;
}

/** The search form's frame: its fields' labels over empty boxes (the form itself comes with the page). */
function searchFormHtml(): string {
  const field = (label: string, value = '&nbsp;', kind = '') =>
    `<div class="jp-field"><span class="jp-label">${label}</span><span class="jp-input${kind}">${value}</span></div>`;
  return (
    `<div class="jp-form"><div class="jp-words">${field('Words', 'e.g. leaking roof, kitchen tiles')}` +
    `<span class="jp-submit">Search</span></div><div class="jp-filters">` +
    field('Category', 'All categories') +
    field('Sub-category', 'All sub-categories') +
    field('State', 'All states') +
    field('Starts on or after', '&nbsp;', ' jp-date') +
    field('Starts on or before', '&nbsp;', ' jp-date') +
    `</div></div>`
  );
}

/** One job card: its picture (lazy: most are below the fold on a phone), trade, title, state, start, unlocks. */
function jobCardHtml(card: JobCardPicture, action: string): string {
  const image = card.image
    ? `<img src="${escapeHtml(card.image)}" alt="" width="320" height="180" loading="lazy" decoding="async">`
    : '';
  return (
    `<li class="jp-card"><div class="jp-media">${image}</div><div class="jp-card-body">` +
    (card.trade ? `<p class="jp-trade">${escapeHtml(card.trade)}</p>` : '') +
    `<h3>${escapeHtml(card.title)}</h3><ul class="jp-meta"><li>${escapeHtml(card.state)}</li>` +
    `<li><span>Starts <time datetime="${escapeHtml(card.startDay)}">${escapeHtml(card.startText)}</time></span></li>` +
    `<li>${escapeHtml(card.unlocked)}</li></ul>` +
    `<div class="jp-foot"><span class="jp-action">${action}</span></div></div></li>`
  );
}

/**
 * /jobs's body: the band (eyebrow, h1, intro, the search form's frame), then the results' heading and the
 * first page's cards. `visitor`: the cards' button says what a visitor's does; otherwise it is left blank
 * (a company's and a customer's differ, and the page writes it a moment later). A summary with `links`
 * (the job-apply page) has them under the intro instead of the form.
 */
function jobsBodyHtml(summary: PageSummary, visitor: boolean): string {
  const underLead = summary.links
    ? `<p class="jp-links">${summary.links.map(link).join('')}</p>`
    : searchFormHtml();
  const band =
    `<div class="jp-band"><div class="jp-wrap jp-head">` +
    `<p class="jp-eyebrow">${escapeHtml(summary.eyebrow)}</p><h1>${escapeHtml(summary.heading)}</h1>` +
    `<p class="jp-lead">${escapeHtml(summary.lead)}</p>${underLead}</div></div>`;
  const results = summary.results;
  if (!results) return band;
  const { cards } = results;
  const count =
    cards.length === 0
      ? ''
      : `<p class="jp-count">${cards.length === 1 ? 'Job 1' : `Jobs 1–${cards.length}`}, newest first</p>`;
  const action = visitor ? escapeHtml(JOB_SEARCH_COPY.loginToApply) : '&nbsp;';
  const list =
    cards.length === 0
      ? ''
      : `<ul class="jp-grid">${cards.map((card) => jobCardHtml(card, action)).join('')}</ul>`;
  return (
    band +
    `<div class="jp-wrap jp-body"><div class="jp-results"><h2>${escapeHtml(results.heading)}</h2>${count}</div>` +
    `${list}</div>`
  );
}

/** A paragraph of a static page's text: escaped, its **bold** marks as <strong>. */
function paragraphHtml(text: string): string {
  return escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
}

/** The first section of a page's text under its band, as the catalogue remote's info page draws it. */
function openingHtml(opening: NonNullable<PageSummary['opening']>): string {
  return (
    `<div class="jp-wrap jp-doc"><div class="jp-doc-section" id="${escapeHtml(opening.id)}">` +
    `<h2>${escapeHtml(opening.title)}</h2>${opening.paragraphs.map((p) => `<p>${paragraphHtml(p)}</p>`).join('')}` +
    `</div></div>`
  );
}

/** A page's title band as the kit draws it (eyebrow, h1, intro), with its search box when it has one. */
function bandHtml(summary: PageSummary): string {
  const search = summary.search
    ? `<div class="jp-search"><span class="jp-search-label">${escapeHtml(summary.search.label)}</span>` +
      `<div class="jp-search-field">${SEARCH_ICON}<span>${escapeHtml(summary.search.placeholder)}</span></div></div>`
    : '';
  return (
    `<div class="jp-band"><div class="jp-wrap jp-head">` +
    `<p class="jp-eyebrow">${escapeHtml(summary.eyebrow)}</p><h1>${escapeHtml(summary.heading)}</h1>` +
    `<p class="jp-lead">${escapeHtml(summary.lead)}</p>${search}</div></div>`
  );
}

/** A signed-in page's or the job form's head: eyebrow, h1, lead. */
function appHeadHtml(summary: PageSummary): string {
  return (
    `<p class="ap-eyebrow">${escapeHtml(summary.eyebrow)}</p><h1>${escapeHtml(summary.heading)}</h1>` +
    `<p class="ap-lead">${escapeHtml(summary.lead)}</p>`
  );
}

/** A sentence with its links. */
function linkedTextHtml(parts: LinkedText): string {
  return parts.map((part) => (typeof part === 'string' ? escapeHtml(part) : link(part))).join('');
}

/** A card under a signed-in page's head: its title over an empty state and where to go instead. */
function appCardHtml(card: AppPageCard): string {
  return (
    `<div class="ap-card"><div class="ap-card-head"><h2>${escapeHtml(card.title)}</h2></div>` +
    `<div class="ap-empty"><p>${escapeHtml(card.empty)}</p><p>${linkedTextHtml(card.more)}</p></div></div>`
  );
}

/** A line icon of the chat's (the chat remote's icons.tsx). */
function chatIcon(paths: readonly string[], size = 18): string {
  return (
    `<svg viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="currentColor" ` +
    `stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">` +
    `${paths.map((d) => `<path d="${d}"/>`).join('')}</svg>`
  );
}
const INBOX_ICON = chatIcon([
  'M3.5 13.5 6 5.5A2 2 0 0 1 7.9 4h8.2A2 2 0 0 1 18 5.5l2.5 8',
  'M3.5 13.5V18a2 2 0 0 0 2 2h13a2 2 0 0 0 2-2v-4.5h-5l-1.5 2.5h-4L8.5 13.5z',
]);
const DETAILS_ICON = chatIcon(['M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17z', 'M12 11v5.5M12 7.6v.1']);
const CLOSE_ICON = chatIcon(['M6 6l12 12M18 6 6 18']);
const BUBBLES_ICON = chatIcon(
  [
    'M4 5.5A2.5 2.5 0 0 1 6.5 3h9A2.5 2.5 0 0 1 18 5.5v6a2.5 2.5 0 0 1-2.5 2.5H10l-4 3.5V14h0a2.5 2.5 0 0 1-2-2.5z',
    'M20 9v6.5a2.5 2.5 0 0 1-2 2.5v3l-3.5-3H11',
  ],
  34,
);

/**
 * The chat's card before the page has the inbox: the bar, the inbox's loading rows, and the empty middle
 * and details panes when no conversation is chosen (with one chosen they stay blank until it loads).
 */
function chatCardHtml(conversation: boolean): string {
  const copy = CHAT_PAGE_COPY;
  const ghosts = [0, 1, 2, 3]
    .map(
      () =>
        '<li><span class="cf-avatar"></span><span class="cf-lines"><span style="width:60%"></span><span style="width:85%"></span></span></li>',
    )
    .join('');
  const emptyThread = conversation
    ? ''
    : `<div class="cf-empty cf-center"><span class="cf-art">${BUBBLES_ICON}</span>` +
      `<p class="cf-empty-title">${escapeHtml(copy.nothingSelected)}</p>` +
      `<p class="cf-empty-text">${escapeHtml(copy.chooseConversation)}</p></div>`;
  const emptyDetails = conversation
    ? ''
    : `<div class="cf-empty"><p class="cf-empty-title">${escapeHtml(copy.selectConversation)}</p>` +
      `<p class="cf-empty-text">${escapeHtml(copy.detailsAppearHere)}</p></div>`;
  return (
    `<div class="cf"><div class="cf-frame${conversation ? '' : ' cf-none'}">` +
    `<div class="cf-bar"><span class="cf-toggle">${INBOX_ICON}<span>${escapeHtml(copy.inbox)}</span></span>` +
    `<div class="cf-title"><h1>${escapeHtml(copy.heading)}</h1></div>` +
    `<span class="cf-toggle">${DETAILS_ICON}<span>${escapeHtml(copy.details)}</span></span></div>` +
    `<div class="cf-panes"><div class="cf-pane cf-inbox"><div class="cf-head"><h2>${escapeHtml(copy.inbox)}</h2>` +
    `<span class="cf-close">${CLOSE_ICON}</span></div><ul class="cf-ghosts">${ghosts}</ul></div>` +
    `<div class="cf-thread">${emptyThread}</div>` +
    `<div class="cf-pane cf-details"><div class="cf-head"><h2>${escapeHtml(copy.details)}</h2></div>${emptyDetails}</div>` +
    `<div class="cf-scrim"></div></div></div></div>`
  );
}

/**
 * The page in plain HTML: breadcrumb, eyebrow, the h1, the intro, its points and links. It carries its look
 * (data-look) and is the first paint while scripts load (SCRIPTED_STYLE).
 */
export function summaryHtml(summary: PageSummary, options: { visitor?: boolean } = {}): string {
  const look = ` data-look="${summary.look}"`;
  const bar = `<header><a href="/">${LOGO_MARK}<span>${escapeHtml(SITE.name)}</span></a></header>`;
  if (summary.look === 'app' || summary.look === 'chat') {
    // The signed-in layout's sidebar (with the brand, as the layout draws it) and top bar, then the page's
    // head or the chat's card. No crawler reads these pages (noindex, and only with a session).
    const body =
      summary.look === 'chat'
        ? chatCardHtml(summary.chat?.conversation ?? false)
        : `<div class="ap-page">${appHeadHtml(summary)}${summary.card ? appCardHtml(summary.card) : ''}</div>`;
    return (
      `<div class="${SUMMARY_CLASS}"${look}><aside><a href="/">${LOGO_MARK}<span>${escapeHtml(SITE.name)}</span></a>` +
      `</aside><header></header><main class="${SUMMARY_CLASS}__main">${body}</main></div>`
    );
  }
  if (summary.look === 'post') {
    return (
      `<div class="${SUMMARY_CLASS}"${look}>${bar}<main class="${SUMMARY_CLASS}__main"><div class="ap-band">` +
      `<div class="ap-page"><div class="ap-head">${appHeadHtml(summary)}</div></div></div></main></div>`
    );
  }
  if (summary.look === 'jobs') {
    return (
      `<div class="${SUMMARY_CLASS}"${look}>${bar}` +
      `<main>${jobsBodyHtml(summary, options.visitor ?? true)}</main></div>`
    );
  }
  const sections = summary.sections.map((section) => {
    const title = section.path
      ? link({ name: section.title, path: section.path })
      : escapeHtml(section.title);
    return `<section><h2>${title}</h2><ul>${section.items.map((item) => `<li>${link(item)}</li>`).join('')}</ul></section>`;
  });
  if (summary.look === 'band') {
    // The crumbs only for crawlers, with the links (the page shows neither in its band).
    const crumbs =
      summary.crumbs.length > 0
        ? `<section><nav aria-label="Breadcrumb">${summary.crumbs.map(link).join(' / ')}</nav></section>`
        : '';
    const opening = summary.opening ? openingHtml(summary.opening) : '';
    return `<div class="${SUMMARY_CLASS}"${look}>${bar}<main>${crumbs}${bandHtml(summary)}${opening}${sections.join('')}</main></div>`;
  }
  const copy: string[] = [];
  if (summary.crumbs.length > 0) {
    const here = summary.here ? [`<span aria-current="page">${escapeHtml(summary.here)}</span>`] : [];
    copy.push(`<nav aria-label="Breadcrumb">${[...summary.crumbs.map(link), ...here].join(' / ')}</nav>`);
  }
  if (summary.eyebrow) copy.push(`<p class="${SUMMARY_CLASS}__eyebrow">${escapeHtml(summary.eyebrow)}</p>`);
  copy.push(`<h1>${escapeHtml(summary.heading)}</h1>`);
  if (summary.lead) {
    const after = summary.leadLink ? ` ${link(summary.leadLink)}` : '';
    copy.push(`<p class="${SUMMARY_CLASS}__lead">${escapeHtml(summary.lead)}${after}</p>`);
  }
  if (summary.points.length > 0) {
    copy.push(`<ul>${summary.points.map((point) => `<li>${escapeHtml(point)}</li>`).join('')}</ul>`);
  }
  if (summary.reserve) copy.push(`<div style="height:${Math.round(summary.reserve)}px"></div>`);
  return (
    `<div class="${SUMMARY_CLASS}"${look}>` +
    bar +
    `<main><div class="${SUMMARY_CLASS}__hero"><div class="${SUMMARY_CLASS}__inner">` +
    (summary.photo ? photoHtml(summary.photo) : '') +
    (summary.aside ? asideHtml(summary.aside) : '') +
    `<div class="${SUMMARY_CLASS}__copy">${copy.join('')}</div></div></div>` +
    `${sections.join('')}</main>` +
    `</div>`
  );
}

const ROOT_ELEMENT = /<div id="?root"?\s*><\/div>/i;
const HEAD_END = /<\/head>/i;
/** Tags of the shell's own head that a page's head replaces. */
const REPLACED_TAGS = [
  /<title>[\s\S]*?<\/title>/gi,
  /<meta\s+name=["']?(description|robots|twitter:card)["'\s][^>]*>/gi,
  /<meta\s+property=["']?og:[^>]*>/gi,
  /<link\s+rel=["']?canonical["'\s][^>]*>/gi,
];

/** Whether the shell's index.html has the head and the empty root element a page is written into. */
export function canCarryPages(indexHtml: string): boolean {
  return HEAD_END.test(indexHtml) && ROOT_ELEMENT.test(indexHtml);
}

/**
 * The shell's index.html carrying one page's head and summary (see canCarryPages), and `hints` (link tags
 * for the files of the remote that renders the page) at the end of its head.
 */
export function pageHtml(
  indexHtml: string,
  page: CataloguePage,
  origin: string,
  hints = '',
  options: { visitor?: boolean } = {},
): string {
  let html = indexHtml;
  for (const pattern of REPLACED_TAGS) html = html.replace(pattern, '');
  // Functions as replacements: a `$` in a company's name must stay a `$`.
  html = html.replace(HEAD_END, (end) => `${headHtml(page, origin)}${hints}${end}`);
  return html.replace(ROOT_ELEMENT, () => `<div id="root">${summaryHtml(page.summary, options)}</div>`);
}
