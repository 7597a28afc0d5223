import type uPlot from 'uplot';

/** What each chart was drawn with, newest last. */
export const drawnCharts: { options: uPlot.Options; data: uPlot.AlignedData }[] = [];

/**
 * A stand-in for uPlot, whose canvas jsdom cannot draw: it keeps what each chart was given,
 * for a test to read back (`vi.mock('uplot', () => import('…/fake-uplot'))`).
 */
export default class FakeUPlot {
  static paths = { bars: () => () => null };
  static tzDate = (date: Date) => date;

  constructor(options: uPlot.Options, data: uPlot.AlignedData) {
    drawnCharts.push({ options, data });
  }

  setSize() {}

  destroy() {}
}
