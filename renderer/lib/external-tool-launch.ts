import type { TFunction } from 'i18next';
import { addTexts } from '@/app/page-texts';
import { native } from '@/platform/host';
import * as texts from './external-tool-texts';
import type { ExternalTool } from './external-tools';
import { toast } from './notify';
import { HandshakeTimeoutError, openWithHandshake, WindowBlockedError } from './window-handshake';

// Every entry and card imports this module, so the texts are there before the first one renders.
addTexts('common', { cn: { externalTools: texts.cn }, en: { externalTools: texts.en } });

/**
 * Opens the tool with the window handshake from the click itself (a popup opened after an await is
 * blocked) and reports a blocked window or a silent one as a translated toast.
 */
export function launchExternalTool(tool: ExternalTool, language: string, t: TFunction<'common'>): void {
  // The desktop app opens other hosts in the system browser (electron/main/security/harden.ts): no
  // window of ours answers there, so window.open's null is not a blocked window and there is no handshake.
  if (native) {
    window.open(tool.url, '_blank');
    return;
  }
  void openWithHandshake(tool.url, { tool: tool.id, language }).catch((error: unknown) => {
    if (error instanceof WindowBlockedError) toast.error(t('externalTools.blocked'));
    else if (error instanceof HandshakeTimeoutError) toast.error(t('externalTools.timedOut'));
    else throw error;
  });
}
