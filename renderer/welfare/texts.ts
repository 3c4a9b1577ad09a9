import { addTexts } from '@/app/page-texts';
import { cn, en } from './locales';

addTexts('common', { cn: { welfare: cn }, en: { welfare: en } });
