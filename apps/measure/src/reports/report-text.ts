/**
 * The words of the PDF reports in the requesting user's language (their `language_pref`; English when it is not
 * one of these), and time stamps in the time zone the client asked for. Numbers keep a dot decimal separator in
 * every language (see report-format.ts: the figures must read the same to a customer abroad).
 */

const en = {
  spcTitle: 'Statistical Process Control Report',
  spcDocument: (code: string, marker: number) => `SPC report ${code} #${marker}`,
  recipe: 'Recipe',
  characteristic: 'Characteristic',
  task: 'Task',
  recipeVersion: 'Recipe version',
  allVersions: 'all versions',
  nominal: 'Nominal',
  tolerance: 'Tolerance',
  warningLimits: 'Warning limits',
  unit: 'Unit',
  measured: 'Measured',
  filters: 'Filters',
  none: 'none',
  processCapability: 'Process capability',
  individualsChart: 'Individuals control chart',
  histogramAndSummary: (bins: number) => `Capability histogram (${bins} bins) and summary`,
  needTwo: 'Control limits need at least two measurements.',
  inControl: (rules: string) => `No point out of control (Nelson ${rules}).`,
  rules: (list: number[]) => `rule${list.length === 1 ? '' : 's'} ${list.join(', ')}`,
  outOfControl: (count: number, rules: string, shown: string, more: number) =>
    `${count} point${count === 1 ? '' : 's'} out of control (Nelson ${rules}), observation ${shown}${more > 0 ? ` and ${more} more` : ''}.`,
  generatedBy: (stamp: string, author: string) => `Generated ${stamp} by ${author}`,
  footerGenerated: (stamp: string, author: string) => `generated ${stamp} by ${author}`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  processData: 'Process data',
  target: 'Target',
  sampleN: 'Sample N',
  mean: 'Mean',
  stdevOverall: 'StDev (overall)',
  stdevWithin: 'StDev (within)',
  potential: 'Potential (within) capability',
  overallCapability: 'Overall capability',
  ci95: (index: string) => `${index} 95% CI`,
  ppmBelow: 'Exp. PPM < LSL',
  ppmAbove: 'Exp. PPM > USL',
  ppmTotal: 'Exp. PPM total',
  ppmObserved: 'Obs. PPM total',
  note: (text: string) => `Note: ${text}.`,
  sigmaNote:
    'Within sigma = average moving range / 1.128 (span 2); overall sigma = sample standard deviation (n - 1). Minitab conventions, subgroup size 1.',
  total: 'Total',
  pass: 'Pass',
  warning: 'Warning',
  fail: 'Fail',
  verdictNote:
    'Pass: inside the warning limits. Warning: between a warning and a tolerance limit. Fail: outside the tolerance. Limits inclusive.',
  noMeasurements: 'No measurements match the filters.',
  observation: 'Observation',
  frequency: 'Frequency',
  overall: 'Overall',
  within: 'Within',
  above: 'above',
  below: 'below',
  measurementsTitle: 'Measurements Report',
  measurementsDocument: (code: string) => `Measurements ${code}`,
  measurementsFooter: 'measurements report',
  measuredAt: 'Measured',
  value: 'Value',
  deviation: 'Deviation',
  result: 'Result',
  operator: 'Operator',
  gauge: 'Gauge',
  lot: 'Lot',
  serial: 'Serial',
  contents: 'Contents',
  contentsLine: (total: number, groups: number, zone: string) =>
    `${total} measurement${total === 1 ? '' : 's'} of ${groups} characteristic${groups === 1 ? '' : 's'}; times in ${zone}`,
  versionSuffix: (n: number) => ` (version ${n})`,
  continued: (title: string) => `${title} (continued)`,
  verdicts: { pass: 'PASS', warning: 'WARNING', fail: 'FAIL' },
  taskHeading: (n: number, title: string) => `Task ${n}: ${title}`,
  limitsLine: (nominal: string, ltl: string, utl: string, lwl: string, uwl: string) =>
    `Nominal ${nominal} · tolerance ${ltl} … ${utl} · warning ${lwl} … ${uwl}`,
  filterLabels: {
    Subtask: 'Subtask',
    Version: 'Version',
    Versions: 'Versions',
    From: 'From',
    To: 'To',
    Operator: 'Operator',
    Lot: 'Lot',
    Serial: 'Serial',
  } as Record<string, string>,
  all: 'all',
};

export type ReportText = typeof en;

const de: ReportText = {
  spcTitle: 'Statistische Prozesslenkung',
  spcDocument: (code, marker) => `SPC-Bericht ${code} #${marker}`,
  recipe: 'Prüfplan',
  characteristic: 'Merkmal',
  task: 'Aufgabe',
  recipeVersion: 'Prüfplanversion',
  allVersions: 'alle Versionen',
  nominal: 'Nennmaß',
  tolerance: 'Toleranz',
  warningLimits: 'Warngrenzen',
  unit: 'Einheit',
  measured: 'Gemessen',
  filters: 'Filter',
  none: 'keine',
  processCapability: 'Prozessfähigkeit',
  individualsChart: 'Einzelwert-Regelkarte',
  histogramAndSummary: (bins) => `Fähigkeitshistogramm (${bins} Klassen) und Übersicht`,
  needTwo: 'Eingriffsgrenzen brauchen mindestens zwei Messwerte.',
  inControl: (rules) => `Kein Punkt außerhalb der Kontrolle (Nelson ${rules}).`,
  rules: (list) => `Regel${list.length === 1 ? '' : 'n'} ${list.join(', ')}`,
  outOfControl: (count, rules, shown, more) =>
    `${count} ${count === 1 ? 'Punkt' : 'Punkte'} außerhalb der Kontrolle (Nelson ${rules}), Beobachtung ${shown}${more > 0 ? ` und ${more} weitere` : ''}.`,
  generatedBy: (stamp, author) => `Erstellt ${stamp} von ${author}`,
  footerGenerated: (stamp, author) => `erstellt ${stamp} von ${author}`,
  page: (page, pages) => `Seite ${page} von ${pages}`,
  processData: 'Prozessdaten',
  target: 'Sollwert',
  sampleN: 'Stichprobe N',
  mean: 'Mittelwert',
  stdevOverall: 'StdAbw (gesamt)',
  stdevWithin: 'StdAbw (innerhalb)',
  potential: 'Potenzielle Fähigkeit (innerhalb)',
  overallCapability: 'Gesamtfähigkeit',
  ci95: (index) => `${index} 95%-KI`,
  ppmBelow: 'Erw. PPM < USG',
  ppmAbove: 'Erw. PPM > OSG',
  ppmTotal: 'Erw. PPM gesamt',
  ppmObserved: 'Beob. PPM gesamt',
  note: (text) => `Hinweis: ${text}.`,
  sigmaNote:
    'Sigma innerhalb = mittlere gleitende Spannweite / 1,128 (Spanne 2); Sigma gesamt = Stichproben-Standardabweichung (n - 1). Minitab-Konventionen, Teilgruppengröße 1.',
  total: 'Gesamt',
  pass: 'In Ordnung',
  warning: 'Warnung',
  fail: 'Nicht in Ordnung',
  verdictNote:
    'In Ordnung: innerhalb der Warngrenzen. Warnung: zwischen Warn- und Toleranzgrenze. Nicht in Ordnung: außerhalb der Toleranz. Grenzen eingeschlossen.',
  noMeasurements: 'Keine Messwerte passen zu den Filtern.',
  observation: 'Beobachtung',
  frequency: 'Häufigkeit',
  overall: 'Gesamt',
  within: 'Innerhalb',
  above: 'darüber',
  below: 'darunter',
  measurementsTitle: 'Messwertbericht',
  measurementsDocument: (code) => `Messwerte ${code}`,
  measurementsFooter: 'Messwertbericht',
  measuredAt: 'Gemessen',
  value: 'Wert',
  deviation: 'Abw.',
  result: 'Ergebnis',
  operator: 'Prüfer',
  gauge: 'Prüfmittel',
  lot: 'Los',
  serial: 'Serie',
  contents: 'Inhalt',
  contentsLine: (total, groups, zone) =>
    `${total} ${total === 1 ? 'Messwert' : 'Messwerte'} von ${groups} ${groups === 1 ? 'Merkmal' : 'Merkmalen'}; Zeiten in ${zone}`,
  versionSuffix: (n) => ` (Version ${n})`,
  continued: (title) => `${title} (Fortsetzung)`,
  verdicts: { pass: 'IO', warning: 'WARNUNG', fail: 'NIO' },
  taskHeading: (n, title) => `Aufgabe ${n}: ${title}`,
  limitsLine: (nominal, ltl, utl, lwl, uwl) =>
    `Nennmaß ${nominal} · Toleranz ${ltl} … ${utl} · Warnung ${lwl} … ${uwl}`,
  filterLabels: {
    Subtask: 'Merkmal',
    Version: 'Version',
    Versions: 'Versionen',
    From: 'Von',
    To: 'Bis',
    Operator: 'Prüfer',
    Lot: 'Los',
    Serial: 'Seriennummer',
  },
  all: 'alle',
};

const TEXTS = { en, de } as const;
export type ReportLanguage = keyof typeof TEXTS;

export interface ReportLocale {
  language: ReportLanguage;
  /** IANA zone the stamps are written in, e.g. Europe/Berlin. */
  timeZone: string;
  text: ReportText;
  /** "2026-11-21 09:05 Europe/Berlin"; seconds kept when asked (measurement rows), zone left off with `bare`. */
  stamp(time: Date | string | number, options?: { seconds?: boolean; bare?: boolean }): string;
}

/** Whether the runtime knows the zone (Intl throws a RangeError for an unknown one). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function reportLocale(languagePref: string | null | undefined, timeZone = 'UTC'): ReportLocale {
  const short = (languagePref ?? '').slice(0, 2).toLowerCase();
  const language: ReportLanguage = short === 'de' ? 'de' : 'en';
  // sv-SE writes ISO-like "2026-11-21 09:05:07", in any zone
  const format = (seconds: boolean) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
  const short_ = format(false);
  const long = format(true);
  return {
    language,
    timeZone,
    text: TEXTS[language],
    stamp(time, options = {}) {
      const date = time instanceof Date ? time : new Date(time);
      if (Number.isNaN(date.getTime())) return '—';
      const text = (options.seconds ? long : short_).format(date);
      return options.bare ? text : `${text} ${timeZone}`;
    },
  };
}
