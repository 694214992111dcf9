import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_EVENT_TYPES, EVENT_FIELDS, STORY_EVENT_TYPES } from '@costory/shared';
import { EventChanges } from '@/components/event-changes';
import { changeLocale, i18n, initI18n } from '@/i18n';
import { resources } from '@/i18n/resources';
import { formatEventValue } from './event-text';

type Texts = Record<string, unknown>;

function textAt(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], tree);
}

describe('event texts', () => {
  beforeAll(() => {
    initI18n(resources);
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it.each(['en', 'cs'] as const)(
    'names every event type and field the server records in %s',
    (locale) => {
      const missing = [
        ...CATALOG_EVENT_TYPES.map((type) => `catalogs.events.type.${type}`),
        ...STORY_EVENT_TYPES.map((type) => `stories.events.type.${type}`),
        ...EVENT_FIELDS.map((field) => `domain.eventField.${field}`),
      ].filter((path) => typeof textAt(resources[locale], path) !== 'string');
      expect(missing).toEqual([]);
    },
  );

  it('reads values as a Czech user would: roles, dates, numbers, maps and booleans', async () => {
    await changeLocale('cs');
    const t = i18n.getFixedT('cs', 'domain');
    const value = (raw: unknown) => formatEventValue(raw, 'cs', 'en', t);
    expect(value('ICT_CUSTOMER')).toBe('Zákazník');
    expect(value('2026-11-25T09:30:00.000Z')).toMatch(/25\. 11\. 2026/);
    expect(value({ area: 3.5, kind: 'A' })).toBe('area: 3,5, kind: A');
    expect(value({ DEV: '850.5' })).toBe('DEV: 850,5');
    expect(value(true)).toBe('Ano');
    expect(value({ en: 'Wall', cs: 'Zeď' })).toBe('Zeď');
    expect(value(null)).toBe('—');
  });

  it('shows a lineup change with field names and values in Czech, no codes', async () => {
    await changeLocale('cs');
    render(
      <I18nextProvider i18n={i18n}>
        <EventChanges
          defaultLanguage="cs"
          changes={[
            { field: 'supplier', old: null, new: 'Dodavatel Á' },
            { field: 'role', old: 'ICT_VERIFIER', new: 'ICT_CUSTOMER' },
          ]}
        />
      </I18nextProvider>,
    );
    expect(screen.getByText('Dodavatel:')).toBeInTheDocument();
    expect(screen.getByText(/— → Dodavatel Á/)).toBeInTheDocument();
    expect(screen.getByText(/Ověřovatel → Zákazník/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/ICT_|supplierId/);
  });

  it('shows each upgraded item of one event on its own line, and pinning as yes or no, in Czech', async () => {
    await changeLocale('cs');
    render(
      <I18nextProvider i18n={i18n}>
        <EventChanges
          defaultLanguage="cs"
          changes={[
            { field: 'pinned', old: false, new: true },
            { field: 'itemVersion', old: 'WALL v1', new: 'WALL v2' },
            { field: 'itemVersion', old: 'DOOR v3', new: 'DOOR v4' },
          ]}
        />
      </I18nextProvider>,
    );
    expect(screen.getByText('Verze položek připnuty:')).toBeInTheDocument();
    expect(screen.getByText(/Ne → Ano/)).toBeInTheDocument();
    expect(screen.getAllByText('Verze položky:')).toHaveLength(2);
    expect(screen.getByText(/WALL v1 → WALL v2/)).toBeInTheDocument();
    expect(screen.getByText(/DOOR v3 → DOOR v4/)).toBeInTheDocument();
  });
});
