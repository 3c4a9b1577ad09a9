import { describe, expect, it } from 'vitest';
import { scriptsFor, servicesFrom } from './third-party-run';

describe('servicesFrom', () => {
  it('takes the configured http(s) addresses and leaves out anything else', () => {
    const answer = {
      data: {
        code: 'thirdParty',
        value: { adScriptUrl: 'https://ads.example.com/a.js', statsScriptUrl: 'javascript:alert(1)', errorReportingDsn: 42, other: 'x' },
      },
    };
    expect(servicesFrom(answer)).toEqual({ adScriptUrl: 'https://ads.example.com/a.js' });
    expect(servicesFrom(null)).toEqual({});
    expect(servicesFrom({ data: { code: 'thirdParty', value: {} } })).toEqual({});
  });
});

describe('scriptsFor', () => {
  const both = { adScriptUrl: 'https://ads.example.com/a.js', statsScriptUrl: 'https://stats.example.com/s.js' };

  it('runs the statistics script on every page and the ad script where ads show', () => {
    expect(scriptsFor(both, false)).toEqual([
      ['stats', 'https://stats.example.com/s.js'],
      ['ad', 'https://ads.example.com/a.js'],
    ]);
    expect(scriptsFor(both, true)).toEqual([['stats', 'https://stats.example.com/s.js']]);
  });

  it('runs nothing that is not configured', () => {
    expect(scriptsFor({}, false)).toEqual([]);
    expect(scriptsFor({ errorReportingDsn: 'https://k@errors.example.org/1' }, false)).toEqual([]);
  });
});
