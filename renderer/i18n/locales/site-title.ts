/**
 * The site's English name, in the first chunk although the rest of the English shell texts are not
 * (common-en.ts): a Chinese page names the English site in links, as the login page's language switch
 * does with its `name` parameter.
 */
export const ENGLISH_SITE_TITLE = 'Baibao';
