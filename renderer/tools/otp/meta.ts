/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '动态口令',
    description: '动态口令',
    keywords: '动态口令',
  },
  en: {
    title: 'Authenticator',
    description: 'Authenticator',
    keywords: 'Authenticator',
  },
};
