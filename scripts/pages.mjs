// The page's documents, named once for its build (scripts/full-page.mjs) and
// its tests. The table alone is index.html. Each of the full page's two pages
// is a build of the crate with the Cargo feature of its name, which also names
// its files (duck-soup-NAME-*), its document (NAME.html) and the loader's
// attributes (data-NAME-js, data-NAME-wasm); src/web/full_page.rs and
// www/boot.js derive the same from the name. full.html is the viewer's page
// under the one name the full page had before it was split, kept for the
// links and embeds already published.

/** The full page's two pages, by name. */
export const FULL_PAGES = ['viewer', 'online'];

/**
 * The computers' own build (Cargo feature `thinker`, src/thinker.rs): no page
 * of its own; every page's worker loads it (data-thinker-js,
 * data-thinker-wasm on the loader's tag), once the first table shows.
 */
export const THINKER = 'thinker';

/** The older name of the viewer's page, and the page it is a copy of. */
export const OLDER_DOCUMENT = { name: 'full.html', copyOf: 'viewer' };

/** Every document of a build: the table's, the full page's two, and the older name. */
export const DOCUMENTS = ['index.html', ...FULL_PAGES.map((page) => `${page}.html`), OLDER_DOCUMENT.name];
