import type { LocaleShape } from '@/i18n/types';

/**
 * Texts of a GitHub hub's form, under `githubHub.` in the `components` namespace: the same fields,
 * checks and token-check answers in PicHub's hub drawer and the back office's system hub page.
 */
export const cn = {
  fields: {
    owner: '用户名或组织（owner）',
    repo: '仓库名（repo）',
    branch: '分支（branch）',
    path: '存放目录（path）',
    token: '访问令牌（token）',
    advanced: '高级：API 地址（GitHub Enterprise）',
    apiBaseUrl: 'API 地址',
  },
  save: '检查并保存',
  errors: {
    ownerEmpty: '请填写用户名或组织',
    repoEmpty: '请填写仓库名',
    branchEmpty: '请填写分支',
    tokenEmpty: '请填写访问令牌',
    nameInvalid: '只能包含字母、数字、“-”、“_”和“.”',
    pathInvalid: '目录不能包含“..”或控制字符',
    apiBaseUrlInvalid: '请填写以 http:// 或 https:// 开头的地址',
  },
  check: {
    auth: '认证失败：令牌无效或已过期',
    noWriteAccess: '令牌没有这个仓库的写入权限',
    repoNotFound: '找不到仓库 {{owner}}/{{repo}}（或令牌无权访问）',
    branchNotFound: '仓库中没有分支 {{branch}}',
    rateLimited: 'GitHub 接口调用次数已用完，请稍后再试',
    network: '网络不通',
    unknown: '检查令牌失败：{{reason}}',
  },
};

export const en: LocaleShape<typeof cn> = {
  fields: {
    owner: 'User or organisation (owner)',
    repo: 'Repository (repo)',
    branch: 'Branch',
    path: 'Folder (path)',
    token: 'Access token',
    advanced: 'Advanced: API address (GitHub Enterprise)',
    apiBaseUrl: 'API address',
  },
  save: 'Check and save',
  errors: {
    ownerEmpty: 'Enter the user or organisation',
    repoEmpty: 'Enter the repository name',
    branchEmpty: 'Enter the branch',
    tokenEmpty: 'Enter the access token',
    nameInvalid: 'Letters, digits, “-”, “_” and “.” only',
    pathInvalid: 'The folder may not contain “..” or control characters',
    apiBaseUrlInvalid: 'Enter an address starting with http:// or https://',
  },
  check: {
    auth: 'Authentication failed: the token is invalid or has expired',
    noWriteAccess: 'The token cannot write to this repository',
    repoNotFound: 'Repository {{owner}}/{{repo}} not found (or the token cannot see it)',
    branchNotFound: 'The repository has no branch {{branch}}',
    rateLimited: 'The GitHub API limit is used up; try again later',
    network: 'Network unreachable',
    unknown: 'The token check failed: {{reason}}',
  },
};
