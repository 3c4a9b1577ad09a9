import { DONATION_AMOUNT_MAX_CENTS, DONATION_CODES_MAX, DONATION_MESSAGE_MAX_LENGTH, DONATION_NAME_MAX_LENGTH } from './donations-base';
import { BOARD_EDIT_WINDOW_MS, BOARD_POST_MAX_CHARS, BOARD_WORD_FILTER_MAX_WORDS, BOARD_WORD_MAX_CHARS } from './board-base';
import { AD_IMAGE_MAX_BYTES, AD_RIBBON_TEXT_MAX_LENGTH, AD_SETTINGS_MAX_BYTES, AD_TEXT_MAX_LENGTH, AD_URL_MAX_LENGTH } from './ads-base';
import {
  FEEDBACK_CONTENT_MAX_CHARS,
  FEEDBACK_ENVIRONMENT_MAX_CHARS,
  FEEDBACK_PAGE_MAX_CHARS,
  FEEDBACK_REPLY_MAX_CHARS,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
} from './feedback-base';
import {
  HUB_CONFIG_MAX_LENGTH,
  HUB_FILES_PER_BATCH_MAX,
  PIC_HUB_GID_MAX_LENGTH,
  PIC_HUB_NAME_MAX_LENGTH,
  PIC_HUB_PATH_MAX_LENGTH,
  PIC_HUB_SETTINGS_MAX_LENGTH,
  PIC_HUB_SYS_UPLOAD_MAX_BYTES,
} from './pic-hub-base';
import {
  ENTERPRISE_ABOUT_MAX_LENGTH,
  ENTERPRISE_FIELD_MAX_LENGTH,
  SITE_CONTENT_MAX_BYTES,
  SITE_CONTENT_URL_MAX_LENGTH,
  WELFARE_ITEMS_PER_TAB_MAX,
  WELFARE_NOTE_MAX_LENGTH,
  WELFARE_PAYLOAD_MAX_LENGTH,
  WELFARE_TITLE_MAX_LENGTH,
} from './site-content-base';
import {
  SAMPLE_CATEGORY_NAME_MAX_LENGTH,
  SAMPLE_DESCRIPTION_MAX_LENGTH,
  SAMPLE_MAX_BYTES,
  SAMPLE_NAME_MAX_LENGTH,
  SAMPLE_ORDER_MAX_IDS,
} from './samples-base';
import { CAPTCHA_LENGTH, NICK_NAME_MAX, PAGE_SIZE_MAX, PASSWORD_MAX, PASSWORD_MIN, SETTINGS_MAX_BYTES } from './user-limits';

/**
 * Every text the API means for the visitor, in both languages, in one place. The server sends a
 * key plus parameters (`ext.messages`, see ApiMessage and docs/api.md) and the client translates
 * it: renderer/http/locales.ts registers these objects as i18n texts under `http.server`. The
 * server also joins both languages into the envelope's `msg` for clients older than the keys.
 *
 * A module adds its group here: cn defines the keys, en must have the same shape. `{{name}}` is a
 * parameter, filled the i18next way. Texts that quote a business constant take it from the
 * contract rather than a parameter, so zod schemas can name a key without parameters.
 */
export const serverMessagesCn = {
  common: {
    malformedUrl: '网址格式错误',
    internalError: '服务异常, 请通知下站长!',
    storageFull: '服务器存储空间已满，暂时无法保存，请稍后再试或通知站长',
  },
  users: {
    loginFailed: '账号或密码错误',
    accountDisabled: '账号已被禁用',
    userNameTaken: '用户名已被使用',
    emailTaken: '邮箱已被使用',
    captchaWrong: '验证码错误或已过期',
    captchaTokenInvalid: '验证已失效，请重新获取验证码',
    wrongOldPassword: '原密码错误',
    demoReadOnly: '演示账号不能修改昵称、头像、邮箱或密码',
    cannotDisableSelf: '不能禁用自己的账号',
    tooManyLogins: '登录尝试过多，请 {{minutes}} 分钟后再试',
    tooManyRegistrations: '注册过于频繁，请稍后再试',
    tooManyCaptchaMails: '验证码发送过于频繁，请稍后再试',
    tooManyCaptchaChecks: '验证尝试过多，请稍后再试',
    tooManyRefreshes: '刷新令牌过于频繁，请稍后再试',
    tooManyPasswordChanges: '修改密码尝试过多，请 {{minutes}} 分钟后再试',
    tooManyAvatarUploads: '头像上传过于频繁，请 {{minutes}} 分钟后再试',
    serverBusy: '服务器繁忙，请稍后再试',
    avatarTooLarge: '头像不能超过 2 MB',
    avatarMissing: '请选择图片',
    avatarWrongType: '只支持 JPEG、PNG、WebP、GIF、AVIF 图片',
    avatarUnreadable: '图片无法读取',
    uploadMalformed: '上传格式错误',
    settingsNotJson: '不是有效的 JSON',
    settingsNotObject: '必须是 JSON 对象',
    userId: '用户编号无效',
    /** What a rejected field says: the rule, never the regex. */
    field: {
      request: '请求格式错误',
      account: '请输入 3–254 个字符的用户名或邮箱',
      loginPassword: `请输入密码（最多 ${PASSWORD_MAX} 个字符）`,
      userName: '用户名须为 3–32 个字母、数字、_、- 或汉字',
      email: '请输入有效的邮箱地址（最多 254 个字符）',
      password: `密码须为 ${PASSWORD_MIN}–${PASSWORD_MAX} 个字符`,
      oldPassword: `请输入原密码（最多 ${PASSWORD_MAX} 个字符）`,
      captcha: `验证码为 ${CAPTCHA_LENGTH} 位数字`,
      purpose: '验证码用途无效',
      captchaToken: '验证已失效，请重新获取验证码',
      refreshToken: '刷新令牌无效',
      nickName: `昵称须为 1–${NICK_NAME_MAX} 个字符，且至少有一个可见字符`,
      nickNameInvisible: '昵称不能包含控制字符、换行或不可见的格式字符',
      settings: '设置须为 JSON 文本',
      settingsTooLarge: `最多 ${SETTINGS_MAX_BYTES} 字节`,
      force: 'force 只能是 true 或 false',
      pageNum: '页码须为不小于 1 的整数',
      pageSize: `每页条数须为 1–${PAGE_SIZE_MAX} 的整数`,
      keyword: '关键字最多 254 个字符',
    },
  },
  chat: {
    disabled: '本站没有配置聊天助手',
    badRequest: '聊天请求格式错误',
    noMessages: '请先输入内容',
    tooManyMessages: '对话太长，请新建一个对话',
    streamOnly: '只支持流式回答（stream: true）',
    unknownModel: '本站没有模型 {{model}}',
    requestTooLarge: '发送的内容超过 {{kilobytes}} KB，请缩短消息或新建对话',
    dailyQuota: '今天的 {{limit}} 次提问已用完，请明天再试',
    dailyQuotaAnonymous: '今天的 {{limit}} 次免登录提问已用完，登录后每天可问更多',
    firstByteTimeout: '模型服务 {{seconds}} 秒内没有开始回答，请稍后再试',
    idleTimeout: '模型服务中断了 {{seconds}} 秒没有继续回答，已停止',
    upstreamStatus: '模型服务拒绝了请求（状态 {{status}}）',
    upstreamFailed: '无法连接模型服务',
    upstreamError: '模型服务回答到一半出错了',
    badUpstreamStream: '模型服务返回的数据无法识别',
  },
  proxy: {
    badUrl: '目标网址无效（只支持 http 和 https，且不能在网址里写账号密码）',
    methodNotAllowed: '这里不允许 {{method}} 请求',
    forbiddenAddress: '不能访问本机、内网或保留地址',
    badDestination: '移动或复制的目标必须在同一台服务器上',
    dnsFailed: '找不到这个服务器的地址',
    tooManyRedirects: '对方服务器跳转次数太多',
    requestTooLarge: '发送的内容超过 {{megabytes}} MB',
    responseTooLarge: '对方服务器返回的内容超过 {{megabytes}} MB，已中断',
    responseTypeNotAllowed: '对方服务器返回的不是电子书或书单（{{type}}）',
    timeout: '对方服务器 {{seconds}} 秒内没有响应',
    upstreamFailed: '无法连接对方服务器',
    certificateInvalid: '对方服务器的 HTTPS 证书无效（过期、自签名或不属于这个域名），已拒绝连接',
    tooManyRequests: '请求过于频繁，请 {{minutes}} 分钟后再试',
    dailyQuota: '今天经本站下载的流量已用完（每天 {{gigabytes}} GB），请明天再试，或用桌面版直接下载',
  },
  readingSync: {
    tooManyBookmarks: '一本书最多同步 {{max}} 个书签',
    tooManyRequests: '同步过于频繁，请 {{minutes}} 分钟后再试',
  },
  p2p: {
    tooManyPairs: '创建配对码过于频繁，请 {{minutes}} 分钟后再试',
  },
  tunnel: {
    tooMany: '操作过于频繁，请 {{minutes}} 分钟后再试',
    notFound: '隧道 ID 不存在或已过期',
  },
  picHub: {
    notArray: '参数非数组！',
    tooManyFiles: `一次最多保存 ${HUB_FILES_PER_BATCH_MAX} 条图片记录`,
    hubNotFound: '没有这个图床',
    sysHubMissing: '站点还没有设置系统图床',
    sysUploadMissing: '请选择图片',
    sysUploadTooLarge: `图片不能超过 ${PIC_HUB_SYS_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
    sysUploadNotImage: '只能上传图片（JPEG、PNG、GIF、WebP、AVIF、BMP、ICO）',
    sysUploadMalformed: '上传格式错误',
    uploadFailed: '上传失败',
    commitFailed: '创建commit失败',
    network: '网络不通',
    tooManyUploads: '上传过于频繁，请 {{minutes}} 分钟后再试',
    tooManyRequests: '操作过于频繁，请 {{minutes}} 分钟后再试',
    field: {
      request: '请求格式错误',
      gid: `编号须为 1–${PIC_HUB_GID_MAX_LENGTH} 个字符`,
      type: '图床类型只能是 GITHUB、IMGUR 或 TELEGRA',
      config: `配置须为 JSON 对象文本（最多 ${HUB_CONFIG_MAX_LENGTH} 个字符）`,
      storage: '存储位置只能是 LOCAL 或 REMOTE',
      time: '时间须为毫秒数',
      name: `文件名最多 ${PIC_HUB_NAME_MAX_LENGTH} 个字符`,
      path: `路径最多 ${PIC_HUB_PATH_MAX_LENGTH} 个字符`,
      size: '大小须为字节数',
      mediaType: '文件类型无效',
      createTime: '时间格式须为 yyyy-MM-dd HH:mm:ss',
      sha: 'sha 无效',
      link: '链接过长',
      settings: `设置须为 JSON 对象文本（最多 ${PIC_HUB_SETTINGS_MAX_LENGTH} 个字符）`,
      githubCdns: `CDN 模板须为 JSON 数组文本（最多 ${PIC_HUB_SETTINGS_MAX_LENGTH} 个字符）`,
      pageNum: '页码须为不小于 1 的整数',
      pageSize: `每页条数须为 1–${PAGE_SIZE_MAX} 的整数`,
      keyword: `关键字最多 ${PIC_HUB_NAME_MAX_LENGTH} 个字符`,
      gids: `请给出 1–${HUB_FILES_PER_BATCH_MAX} 个图片编号`,
      owner: '仓库所有者须为字母、数字、.、_ 或 -',
      repo: '仓库名须为字母、数字、.、_ 或 -',
      branch: '分支名无效',
      token: 'Token 无效',
      apiBaseUrl: 'API 地址须为 http 或 https 网址',
    },
  },
  ads: {
    notFound: '没有这条广告',
    notYours: '这不是你的广告',
    statusChange: '当前状态不能改为这个状态',
    notEditable: '审核通过或已暂停的广告不能修改，请先联系站长',
    imageMissing: '请选择广告图片，或填写文字',
    imageTooLarge: `广告图片不能超过 ${AD_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    imageWrongType: '广告图片只能是 JPEG、PNG、GIF、WebP 或 AVIF',
    imageUnreadable: '广告图片无法读取',
    uploadMalformed: '上传格式错误',
    tooManyPublishes: '发布过于频繁，请 {{minutes}} 分钟后再试',
    field: {
      request: '请求格式错误',
      id: '广告编号无效',
      type: '广告类型只能是顶部小横幅、底部小横幅、顶部横幅或底部横幅',
      status: '广告状态只能是 PENDING、APPROVED、REJECTED 或 PAUSED',
      settings: `广告设置须为 JSON 对象（最多 ${AD_SETTINGS_MAX_BYTES} 字节）`,
      link: `链接须为 http:// 或 https:// 开头的网址（最多 ${AD_URL_MAX_LENGTH} 个字符）`,
      image: '图片地址须为 http(s) 网址或本站上传的图片',
      text: `文字最多 ${AD_TEXT_MAX_LENGTH} 个字符`,
      color: '颜色须为 #rgb、#rrggbb 或 #rrggbbaa',
      ribbon: `角标文字须为 1–${AD_RIBBON_TEXT_MAX_LENGTH} 个字符，位置为 topLeft 或 topRight`,
      qr: `二维码内容最多 ${AD_URL_MAX_LENGTH} 个字符`,
      content: '广告至少需要一张图片或一段文字',
      expirationPast: '到期时间不能早于现在',
      expirationTooFar: '到期时间最多一年以后',
      expiration: '到期时间须为毫秒时间戳',
      latestTimestamp: 'latestTimestamp 须为毫秒时间戳',
      owner: '所有者最多 64 个字符',
      deleted: 'deleted 只能是 true 或 false',
      pageNum: '页码须为不小于 1 的整数',
      pageSize: `每页条数须为 1–${PAGE_SIZE_MAX} 的整数`,
    },
  },
  board: {
    notFound: '没有这条留言',
    notYours: '这不是你的留言',
    editWindowOver: `留言发表 ${BOARD_EDIT_WINDOW_MS / 60_000} 分钟后不能再修改或删除`,
    banned: '你已被禁止在留言板发言',
    filteredWord: '留言含有不允许的词语：{{word}}',
    tooManyPosts: '发言过于频繁，请 {{minutes}} 分钟后再试',
    field: {
      request: '请求格式错误',
      id: '编号无效',
      content: '请填写留言内容',
      tooLong: `留言最多 ${BOARD_POST_MAX_CHARS} 个字`,
      sort: '排序只能是 newest 或 hottest',
      words: `过滤词最多 ${BOARD_WORD_FILTER_MAX_WORDS} 个，每个最多 ${BOARD_WORD_MAX_CHARS} 个字`,
      pageNum: '页码须为不小于 1 的整数',
      pageSize: `每页条数须为 1–${PAGE_SIZE_MAX} 的整数`,
    },
  },
  samples: {
    notFound: '没有这个示例文件',
    categoryNotFound: '没有这个分类',
    categoryNotEmpty: '分类里还有文件，请先删除或移走它们',
    fileMissing: '请选择文件',
    fileTooLarge: `示例文件不能超过 ${SAMPLE_MAX_BYTES / 1024 / 1024} MB`,
    uploadMalformed: '上传格式错误',
    emptyFile: '文件是空的',
    unknownContent: '无法识别文件内容的格式，示例文件必须是可识别的格式',
    contentMismatch: '文件内容是 {{detected}}，与文件名的扩展名 .{{extension}} 不符（建议改名为 {{suggested}}）',
    extensionMissing: '文件名需要扩展名（内容是 {{detected}}，建议命名为 {{suggested}}）',
    field: {
      request: '请求格式错误',
      id: '编号无效',
      name: `文件名须为 3–${SAMPLE_NAME_MAX_LENGTH} 个字符并带扩展名，不能以 . 开头，也不能含 \\、/、:、*、?、"、<、> 或 |`,
      description: `说明最多 ${SAMPLE_DESCRIPTION_MAX_LENGTH} 个字符`,
      categoryName: `分类名须为 1–${SAMPLE_CATEGORY_NAME_MAX_LENGTH} 个字符`,
      categoryId: '分类编号无效',
      order: `排序须为不重复的编号列表（最多 ${SAMPLE_ORDER_MAX_IDS} 个）`,
    },
  },
  feedback: {
    notFound: '没有这条反馈',
    tooMany: '反馈提交过于频繁，请 {{minutes}} 分钟后再试',
    screenshotTooLarge: `截图不能超过 ${FEEDBACK_SCREENSHOT_MAX_BYTES / 1024 / 1024} MB`,
    screenshotWrongType: '截图只能是 PNG、JPEG、WebP 或 GIF 图片',
    screenshotUnreadable: '截图无法读取',
    uploadMalformed: '上传格式错误',
    field: {
      request: '请求格式错误',
      id: '反馈编号无效',
      type: '反馈类型只能是问题、建议或其他',
      content: '请填写反馈内容',
      contentTooLong: `反馈内容最多 ${FEEDBACK_CONTENT_MAX_CHARS} 个字符`,
      contact: '联系邮箱格式不正确',
      page: `来源页面最多 ${FEEDBACK_PAGE_MAX_CHARS} 个字符`,
      environment: `环境信息最多 ${FEEDBACK_ENVIRONMENT_MAX_CHARS} 个字符`,
      status: '状态只能是新提交、处理中、已完成或不予处理',
      reply: `回复须为 1–${FEEDBACK_REPLY_MAX_CHARS} 个字符`,
      pageNum: '页码须为不小于 1 的整数',
      pageSize: `每页条数须为 1–${PAGE_SIZE_MAX} 的整数`,
    },
  },
  siteContent: {
    unknownCode: '这项系统配置不能在后台修改',
    tooLarge: `内容过多（最多 ${SITE_CONTENT_MAX_BYTES / 1024} KB）`,
    field: {
      request: '请求格式错误',
      tab: '福利标签只能是支付红包、外卖红包、外卖红包二或会员优惠券',
      items: `每个标签最多 ${WELFARE_ITEMS_PER_TAB_MAX} 个二维码，每个须有标题和内容`,
      title: `标题须为 1–${WELFARE_TITLE_MAX_LENGTH} 个字符`,
      payload: `二维码内容须为 1–${WELFARE_PAYLOAD_MAX_LENGTH} 个字符`,
      image: `图片须为 http:// 或 https:// 开头的网址（最多 ${SITE_CONTENT_URL_MAX_LENGTH} 个字符）`,
      note: `说明最多 ${WELFARE_NOTE_MAX_LENGTH} 个字符`,
      text: `每项最多 ${ENTERPRISE_FIELD_MAX_LENGTH} 个字符`,
      about: `简介最多 ${ENTERPRISE_ABOUT_MAX_LENGTH} 个字符`,
      donationCodes: `最多 ${DONATION_CODES_MAX} 个捐赠二维码，每个须有标题和内容`,
    },
  },
  donations: {
    notFound: '没有这条捐赠记录',
    field: {
      request: '请求格式错误',
      id: '编号无效',
      amount: `金额须为 0.01–${DONATION_AMOUNT_MAX_CENTS / 100} 元（以分为单位的整数）`,
      name: `名字最多 ${DONATION_NAME_MAX_LENGTH} 个字符`,
      message: `留言最多 ${DONATION_MESSAGE_MAX_LENGTH} 个字符`,
      donatedAt: '请填写有效的捐赠时间（不能晚于现在）',
      user: '没有这个用户',
      pageNum: '页码须为不小于 1 的整数',
      pageSize: `每页条数须为 1–${PAGE_SIZE_MAX} 的整数`,
    },
  },
};

/** Same keys as `T`, every leaf a string (renderer/i18n's LocaleShape, which shared cannot import). */
export type MessagesShape<T> = { [K in keyof T]: T[K] extends string ? string : MessagesShape<T[K]> };

export const serverMessagesEn: MessagesShape<typeof serverMessagesCn> = {
  common: {
    malformedUrl: 'Malformed URL',
    internalError: 'Service error, please let the webmaster know!',
    storageFull: 'The server’s storage is full, so nothing can be saved now. Please try again later or let the webmaster know.',
  },
  users: {
    loginFailed: 'Wrong account or password',
    accountDisabled: 'This account is disabled',
    userNameTaken: 'This user name is taken',
    emailTaken: 'This email is already in use',
    captchaWrong: 'Wrong or expired verification code',
    captchaTokenInvalid: 'Verification expired, request a new code',
    wrongOldPassword: 'The current password is wrong',
    demoReadOnly: 'The demo account cannot change its nickname, avatar, email or password',
    cannotDisableSelf: 'You cannot disable your own account',
    tooManyLogins: 'Too many login attempts, try again in {{minutes}} min',
    tooManyRegistrations: 'Too many registrations, try again later',
    tooManyCaptchaMails: 'Codes are sent too often, wait a minute and retry',
    tooManyCaptchaChecks: 'Too many verification attempts, try again later',
    tooManyRefreshes: 'Too many token refreshes, try again later',
    tooManyPasswordChanges: 'Too many password change attempts, try again in {{minutes}} min',
    tooManyAvatarUploads: 'Too many avatar uploads, try again in {{minutes}} min',
    serverBusy: 'The server is busy, please try again in a moment',
    avatarTooLarge: 'The avatar must be at most 2 MB',
    avatarMissing: 'Choose an image file',
    avatarWrongType: 'Only JPEG, PNG, WebP, GIF and AVIF images are accepted',
    avatarUnreadable: 'The image cannot be read',
    uploadMalformed: 'Malformed upload',
    settingsNotJson: 'Not valid JSON',
    settingsNotObject: 'Must be a JSON object',
    userId: 'Not a valid user id',
    field: {
      request: 'Malformed request',
      account: 'Enter your user name or email (3–254 characters)',
      loginPassword: `Enter your password (at most ${PASSWORD_MAX} characters)`,
      userName: 'The user name must be 3–32 letters, digits, _, - or Chinese characters',
      email: 'Enter a valid email address (at most 254 characters)',
      password: `The password must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters`,
      oldPassword: `Enter your current password (at most ${PASSWORD_MAX} characters)`,
      captcha: `The verification code is ${CAPTCHA_LENGTH} digits`,
      purpose: 'Unknown verification purpose',
      captchaToken: 'Verification expired, request a new code',
      refreshToken: 'Not a valid refresh token',
      nickName: `The nickname must be 1–${NICK_NAME_MAX} characters with at least one visible character`,
      nickNameInvisible: 'The nickname cannot contain control characters, line breaks or invisible formatting characters',
      settings: 'Settings must be JSON text',
      settingsTooLarge: `At most ${SETTINGS_MAX_BYTES} bytes`,
      force: 'force must be true or false',
      pageNum: 'The page number must be a whole number from 1',
      pageSize: `The page size must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
      keyword: 'The keyword is at most 254 characters',
    },
  },
  chat: {
    disabled: 'The chat assistant is not set up on this site',
    badRequest: 'The chat request is malformed',
    noMessages: 'Type a message first',
    tooManyMessages: 'This conversation is too long; start a new one',
    streamOnly: 'Only streamed answers are supported (stream: true)',
    unknownModel: 'This site has no model {{model}}',
    requestTooLarge: 'What you send is over {{kilobytes}} KB; shorten the message or start a new conversation',
    dailyQuota: "Today's {{limit}} questions are used up; try again tomorrow",
    dailyQuotaAnonymous: "Today's {{limit}} questions without an account are used up; log in to ask more",
    firstByteTimeout: 'The model service did not start answering within {{seconds}} seconds; try again later',
    idleTimeout: 'The model service stopped for {{seconds}} seconds mid-answer; the answer was ended',
    upstreamStatus: 'The model service refused the request (status {{status}})',
    upstreamFailed: 'Could not reach the model service',
    upstreamError: 'The model service failed mid-answer',
    badUpstreamStream: 'The model service sent data that could not be read',
  },
  proxy: {
    badUrl: 'Not a valid target address (http and https only, no account or password in it)',
    methodNotAllowed: '{{method}} requests are not allowed here',
    forbiddenAddress: 'This machine, local networks and reserved addresses cannot be reached',
    badDestination: 'A move or copy must stay on the same server',
    dnsFailed: 'The server’s address cannot be found',
    tooManyRedirects: 'The server redirected too many times',
    requestTooLarge: 'What you send is over {{megabytes}} MB',
    responseTooLarge: 'The server’s answer is over {{megabytes}} MB and was cut off',
    responseTypeNotAllowed: 'The server did not send an e-book or a book list ({{type}})',
    timeout: 'The server did not answer within {{seconds}} s',
    upstreamFailed: 'The server cannot be reached',
    certificateInvalid:
      'The server’s HTTPS certificate is not valid (expired, self-signed or for another name), so the connection was refused',
    tooManyRequests: 'Too many requests, try again in {{minutes}} min',
    dailyQuota:
      'Today’s download allowance through this site is used up ({{gigabytes}} GB a day); try again tomorrow, or download directly with the desktop app',
  },
  readingSync: {
    tooManyBookmarks: 'A book syncs at most {{max}} bookmarks',
    tooManyRequests: 'Syncing too often, try again in {{minutes}} min',
  },
  p2p: {
    tooManyPairs: 'Too many pairing codes created, try again in {{minutes}} min',
  },
  tunnel: {
    tooMany: 'Too many requests, try again in {{minutes}} min',
    notFound: 'This tunnel ID does not exist or has expired',
  },
  picHub: {
    notArray: 'The parameter is not an array!',
    tooManyFiles: `At most ${HUB_FILES_PER_BATCH_MAX} picture records at a time`,
    hubNotFound: 'No such picture hub',
    sysHubMissing: 'This site has no system picture hub yet',
    sysUploadMissing: 'Choose a picture',
    sysUploadTooLarge: `The picture must be at most ${PIC_HUB_SYS_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
    sysUploadNotImage: 'Only pictures can be uploaded (JPEG, PNG, GIF, WebP, AVIF, BMP, ICO)',
    sysUploadMalformed: 'Malformed upload',
    uploadFailed: 'Upload failed',
    commitFailed: 'Creating the commit failed',
    network: 'Network unreachable',
    tooManyUploads: 'Too many uploads, try again in {{minutes}} min',
    tooManyRequests: 'Too many requests, try again in {{minutes}} min',
    field: {
      request: 'Malformed request',
      gid: `The id must be 1–${PIC_HUB_GID_MAX_LENGTH} characters`,
      type: 'The hub type must be GITHUB, IMGUR or TELEGRA',
      config: `The configuration must be JSON text of an object (at most ${HUB_CONFIG_MAX_LENGTH} characters)`,
      storage: 'The storage must be LOCAL or REMOTE',
      time: 'Times are milliseconds',
      name: `File names are at most ${PIC_HUB_NAME_MAX_LENGTH} characters`,
      path: `Paths are at most ${PIC_HUB_PATH_MAX_LENGTH} characters`,
      size: 'Sizes are byte counts',
      mediaType: 'Not a valid media type',
      createTime: 'The time must read yyyy-MM-dd HH:mm:ss',
      sha: 'Not a valid sha',
      link: 'The link is too long',
      settings: `Settings must be JSON text of an object (at most ${PIC_HUB_SETTINGS_MAX_LENGTH} characters)`,
      githubCdns: `CDN templates must be JSON text of an array (at most ${PIC_HUB_SETTINGS_MAX_LENGTH} characters)`,
      pageNum: 'The page number must be a whole number from 1',
      pageSize: `The page size must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
      keyword: `The keyword is at most ${PIC_HUB_NAME_MAX_LENGTH} characters`,
      gids: `Name 1–${HUB_FILES_PER_BATCH_MAX} picture ids`,
      owner: 'The owner must be letters, digits, ., _ or -',
      repo: 'The repository must be letters, digits, ., _ or -',
      branch: 'Not a valid branch name',
      token: 'Not a valid token',
      apiBaseUrl: 'The API address must be an http or https URL',
    },
  },
  ads: {
    notFound: 'There is no such ad',
    notYours: 'This ad is not yours',
    statusChange: 'The ad cannot go from its current status to this one',
    notEditable: 'An approved or paused ad cannot be edited; contact the site owner',
    imageMissing: 'Choose an ad picture or enter a text',
    imageTooLarge: `The ad picture must be at most ${AD_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    imageWrongType: 'The ad picture must be JPEG, PNG, GIF, WebP or AVIF',
    imageUnreadable: 'The ad picture cannot be read',
    uploadMalformed: 'Malformed upload',
    tooManyPublishes: 'Ads are published too often, try again in {{minutes}} min',
    field: {
      request: 'Malformed request',
      id: 'Not a valid ad id',
      type: 'The ad type must be top mini banner, bottom mini banner, top banner or bottom banner',
      status: 'The status must be PENDING, APPROVED, REJECTED or PAUSED',
      settings: `The ad settings must be a JSON object (at most ${AD_SETTINGS_MAX_BYTES} bytes)`,
      link: `The link must be an http:// or https:// address (at most ${AD_URL_MAX_LENGTH} characters)`,
      image: 'The picture must be an http(s) address or a picture uploaded here',
      text: `The text may have at most ${AD_TEXT_MAX_LENGTH} characters`,
      color: 'Colours are #rgb, #rrggbb or #rrggbbaa',
      ribbon: `The ribbon text must be 1–${AD_RIBBON_TEXT_MAX_LENGTH} characters, placed topLeft or topRight`,
      qr: `The QR code content may have at most ${AD_URL_MAX_LENGTH} characters`,
      content: 'An ad needs at least a picture or a text',
      expirationPast: 'The expiry cannot be in the past',
      expirationTooFar: 'The expiry can be at most a year ahead',
      expiration: 'The expiry must be a time in milliseconds',
      latestTimestamp: 'latestTimestamp must be a time in milliseconds',
      owner: 'The owner filter may have at most 64 characters',
      deleted: 'deleted must be true or false',
      pageNum: 'The page number must be a whole number from 1',
      pageSize: `The page size must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
    },
  },
  board: {
    notFound: 'No such post',
    notYours: 'This is not your post',
    editWindowOver: `A post can be edited or deleted only within ${BOARD_EDIT_WINDOW_MS / 60_000} minutes of writing it`,
    banned: 'You are banned from posting on the message board',
    filteredWord: 'The post contains a word that is not allowed: {{word}}',
    tooManyPosts: 'Too many posts, try again in {{minutes}} min',
    field: {
      request: 'Malformed request',
      id: 'Invalid id',
      content: 'Please write something',
      tooLong: `A post has at most ${BOARD_POST_MAX_CHARS} characters`,
      sort: 'Sort must be newest or hottest',
      words: `At most ${BOARD_WORD_FILTER_MAX_WORDS} filter words of at most ${BOARD_WORD_MAX_CHARS} characters each`,
      pageNum: 'The page number must be a whole number from 1',
      pageSize: `The page size must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
    },
  },
  samples: {
    notFound: 'There is no such sample file',
    categoryNotFound: 'There is no such category',
    categoryNotEmpty: 'The category still has files; delete or move them first',
    fileMissing: 'Choose a file',
    fileTooLarge: `A sample file must be at most ${SAMPLE_MAX_BYTES / 1024 / 1024} MB`,
    uploadMalformed: 'Malformed upload',
    emptyFile: 'The file is empty',
    unknownContent: 'The format of the content cannot be identified; a sample must be a known format',
    contentMismatch: 'The content is {{detected}}, which the extension .{{extension}} does not match (rename it {{suggested}})',
    extensionMissing: 'The file name needs an extension (the content is {{detected}}; name it {{suggested}})',
    field: {
      request: 'Malformed request',
      id: 'Not a valid id',
      name: `The file name must be 3–${SAMPLE_NAME_MAX_LENGTH} characters with an extension, not start with a dot and not contain \\, /, :, *, ?, ", <, > or |`,
      description: `A description may have at most ${SAMPLE_DESCRIPTION_MAX_LENGTH} characters`,
      categoryName: `A category name must be 1–${SAMPLE_CATEGORY_NAME_MAX_LENGTH} characters`,
      categoryId: 'Not a valid category id',
      order: `The order must be a list of distinct ids (at most ${SAMPLE_ORDER_MAX_IDS})`,
    },
  },
  feedback: {
    notFound: 'No such feedback',
    tooMany: 'Feedback is sent too often, try again in {{minutes}} min',
    screenshotTooLarge: `The screenshot must be at most ${FEEDBACK_SCREENSHOT_MAX_BYTES / 1024 / 1024} MB`,
    screenshotWrongType: 'The screenshot must be a PNG, JPEG, WebP or GIF picture',
    screenshotUnreadable: 'The screenshot cannot be read',
    uploadMalformed: 'Malformed upload',
    field: {
      request: 'Malformed request',
      id: 'Not a valid feedback id',
      type: 'The type must be bug, idea or other',
      content: 'Please write your feedback',
      contentTooLong: `Feedback has at most ${FEEDBACK_CONTENT_MAX_CHARS} characters`,
      contact: 'The contact e-mail is not valid',
      page: `The page may have at most ${FEEDBACK_PAGE_MAX_CHARS} characters`,
      environment: `The environment summary may have at most ${FEEDBACK_ENVIRONMENT_MAX_CHARS} characters`,
      status: "The status must be new, in progress, done or won't do",
      reply: `A reply must be 1–${FEEDBACK_REPLY_MAX_CHARS} characters`,
      pageNum: 'The page number must be a whole number from 1',
      pageSize: `The page size must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
    },
  },
  siteContent: {
    unknownCode: 'This system config cannot be edited in the back office',
    tooLarge: `Too much content (at most ${SITE_CONTENT_MAX_BYTES / 1024} KB)`,
    field: {
      request: 'Malformed request',
      tab: 'Welfare tabs are payApp, delivery, delivery2 or coupons',
      items: `At most ${WELFARE_ITEMS_PER_TAB_MAX} QR codes a tab, each with a title and a content`,
      title: `The title must be 1–${WELFARE_TITLE_MAX_LENGTH} characters`,
      payload: `The QR content must be 1–${WELFARE_PAYLOAD_MAX_LENGTH} characters`,
      image: `The picture must be an http:// or https:// address (at most ${SITE_CONTENT_URL_MAX_LENGTH} characters)`,
      note: `The note may have at most ${WELFARE_NOTE_MAX_LENGTH} characters`,
      text: `Each field may have at most ${ENTERPRISE_FIELD_MAX_LENGTH} characters`,
      about: `The introduction may have at most ${ENTERPRISE_ABOUT_MAX_LENGTH} characters`,
      donationCodes: `At most ${DONATION_CODES_MAX} donation QR codes, each with a title and a content`,
    },
  },
  donations: {
    notFound: 'No such donation',
    field: {
      request: 'Malformed request',
      id: 'Invalid id',
      amount: `The amount must be ¥0.01–${DONATION_AMOUNT_MAX_CENTS / 100} (a whole number of cents)`,
      name: `The name may have at most ${DONATION_NAME_MAX_LENGTH} characters`,
      message: `The message may have at most ${DONATION_MESSAGE_MAX_LENGTH} characters`,
      donatedAt: 'Give a valid donation time (not in the future)',
      user: 'No such user',
      pageNum: 'The page number must be a whole number from 1',
      pageSize: `The page size must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
    },
  },
};

type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** `users.loginFailed`, `users.field.email`, …: the dotted path of a text in the catalogue. */
export type ServerMessageKey = LeafKeys<typeof serverMessagesCn>;

export type ServerMessageParams = Record<string, string | number>;

/** A visitor-facing message as the server means it: a key, its parameters, the field it blames. */
export interface ServerMessage {
  key: ServerMessageKey;
  params?: ServerMessageParams;
  field?: string;
}

export type ServerMessageLanguage = 'cn' | 'en';

const CATALOGUES: Record<ServerMessageLanguage, unknown> = { cn: serverMessagesCn, en: serverMessagesEn };

function lookUp(key: string, language: ServerMessageLanguage): string | undefined {
  let node: unknown = CATALOGUES[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Whether this build knows the key: a newer server may send keys an older desktop app lacks. */
export function isServerMessageKey(key: unknown): key is ServerMessageKey {
  return typeof key === 'string' && lookUp(key, 'cn') !== undefined;
}

/** `{{name}}` → the parameter, as i18next fills it; an absent parameter stays visible. */
export function fillParams(template: string, params: ServerMessageParams = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

export function serverMessageText(message: ServerMessage, language: ServerMessageLanguage): string {
  return fillParams(lookUp(message.key, language) ?? message.key, message.params);
}

/**
 * The `msg` sent alongside the keys, in the form clients before them read: `field: 中文 / English`
 * for one field (the client puts it under that field), and for several the field names inside each
 * half (full-width punctuation on the Chinese side), so no text is pinned to the first field.
 */
export function legacyMessageText(messages: readonly ServerMessage[]): string {
  const groups = new Map<string, { cn: Set<string>; en: Set<string> }>();
  for (const message of messages) {
    const field = message.field ?? '';
    const group = groups.get(field) ?? { cn: new Set(), en: new Set() };
    group.cn.add(serverMessageText(message, 'cn'));
    group.en.add(serverMessageText(message, 'en'));
    groups.set(field, group);
  }
  const entries = [...groups].map(([field, group]) => ({ field, cn: [...group.cn].join('；'), en: [...group.en].join('; ') }));
  const [only] = entries;
  if (entries.length === 1 && only) return `${only.field ? `${only.field}: ` : ''}${only.cn} / ${only.en}`;
  const cn = entries.map((entry) => (entry.field ? `${entry.field}：${entry.cn}` : entry.cn)).join('；');
  const en = entries.map((entry) => (entry.field ? `${entry.field}: ${entry.en}` : entry.en)).join('; ');
  return `${cn} / ${en}`;
}
