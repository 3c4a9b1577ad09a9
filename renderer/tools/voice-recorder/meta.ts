/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '录音机',
    description: '用麦克风录音：音量表、暂停继续、波形播放、剪辑，保存为 WebM（Opus）或 WAV；录音只保存在本机浏览器中',
  },
  en: {
    title: 'Voice Recorder',
    description:
      'Record from the microphone: level meter, pause and resume, playback with a waveform, trim, save as WebM (Opus) or WAV; recordings stay in this browser',
  },
};
