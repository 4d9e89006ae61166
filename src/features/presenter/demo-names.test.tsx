import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseViewHash } from '../../components/view-route';
import { builtinScenarios } from '../../scenarios';
import { DEMOS } from '../../state/demos';
import { describeSource } from '../../state/presenter-types';
import { ChoiceSelect } from './ChoiceSelect';
import { DemoPicker } from './DemoPicker';

const route = parseViewHash('#/present?from=inspect');
const storage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/** The text of every element `tag` in rendered HTML (tags dropped), in order. */
function texts(html: string, tag: string): string[] {
  const elements = html.matchAll(new RegExp(`<${tag}[^>]*>(.*?)</${tag}>`, 'g'));
  return [...elements].map((match) => (match[1] ?? '').replace(/<[^>]*>/g, ''));
}

describe('a demo’s name on its card, in the Demo select and on its slide', () => {
  const cards = texts(
    renderToString(
      <DemoPicker
        route={route}
        scenarios={builtinScenarios()}
        exit="#/inspect"
        storage={storage}
      />,
    ),
    'h2',
  );
  const options = texts(
    renderToString(<ChoiceSelect route={route} selected={null} theseLanes={false} />),
    'option',
  );

  for (const [index, demo] of DEMOS.entries()) {
    it(`${demo.id}: one name, its lanes in their order`, () => {
      const slide = describeSource({ demo }).title;
      const card = cards[index];
      const option = options[index];
      expect(card).toBe(slide);
      // The select's short name is how the title starts: the same words, the same order.
      expect(option).toBeDefined();
      expect(slide.startsWith(`${option} `)).toBe(true);
      // "Fixed vs adaptive …" when the fixed-cadence lane is on the left.
      const sides = option!.toLowerCase().split(' vs ');
      const labels = demo.lanes.map((lane) => lane.label.toLowerCase());
      expect(sides).toHaveLength(2);
      sides.forEach((side, lane) => {
        expect(labels[lane]!.split(' ')[0], `${demo.id}, lane ${lane}`).toBe(side.split(' ')[0]);
      });
    });
  }
});
