import type { HashAlgorithm, HashDigests } from '@shared/contracts/hash';
import { HASH_ALGORITHMS } from '@shared/contracts/hash';
import { displayDigest } from '@shared/hash/checksum-format';
import { CopyButton } from '@/components/CopyButton';
import { Text } from '@/components/Text';
import { ALGORITHM_LABELS } from './file-hasher.service';

export interface DigestListProps {
  digests: HashDigests;
  uppercase: boolean;
  /** Algorithm whose digest matched the pasted expectation, highlighted. */
  matched?: HashAlgorithm;
  /** Prefix of the digest test ids; the agreed ids are `digest-<algorithm>`. */
  testIdPrefix?: string;
}

/** One line per digest: algorithm, hex (selectable, wraps on phones) and a copy button. */
export function DigestList({ digests, uppercase, matched, testIdPrefix = 'digest' }: DigestListProps) {
  return (
    <dl className="fh-digests">
      {HASH_ALGORITHMS.filter((algorithm) => digests[algorithm] !== undefined).map((algorithm) => {
        const shown = displayDigest(digests[algorithm] ?? '', uppercase);
        return (
          <div key={algorithm} className={matched === algorithm ? 'fh-digest fh-digest--matched' : 'fh-digest'}>
            <dt className="fh-digest__name">{ALGORITHM_LABELS[algorithm]}</dt>
            <dd className="fh-digest__value">
              <Text code className="fh-digest__hex" data-testid={`${testIdPrefix}-${algorithm}`}>
                {shown}
              </Text>
              <CopyButton text={shown} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
