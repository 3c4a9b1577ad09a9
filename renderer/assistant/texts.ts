import { addTexts } from '@/app/page-texts';
import { cn, en } from './locales';

addTexts('common', { cn: { assistant: cn }, en: { assistant: en } });
