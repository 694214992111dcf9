// Quotes of a lineup (decision 0032): issued by ICT_ADMIN and ICT_MODELER with a number from the story company's counter, listed with READ_LINEUPS.
import {
  addScaled,
  divideRounded,
  formatMoney,
  multiplyScaled,
  parseDecimal,
  parseMoney,
} from '@costory/calc';
import { isUsedRole, type Quote, type QuoteCreate } from '@costory/shared';
import { eq, sql } from 'drizzle-orm';
import { companies, lineupQuotes, type LineupQuoteRow, type QuoteLine } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../errors';
import { fromNumericText, toNumericText } from '../../../lib/decimal';
import { knownTimeZone, localIsoString } from '../../exports/time-zone';
import { loadStoryAccess, requireStoryAction, type StoryAccess } from '../common/access';
import type { Actor, StoryDeps } from '../common/deps';
import { recordStoryEvent } from '../common/events';
import { findReadableLineup, priceStoryLineup } from './lineups.service';
import { catalogCurrency, listQuoteRows } from './lineups.repository';

/** "2026-0007": the year of issue and the company's counter, at least 4 digits. */
export function quoteNumber(issueDate: string, counter: number): string {
  return `${issueDate.slice(0, 4)}-${String(counter).padStart(4, '0')}`;
}

/**
 * VAT of a total: cents × rate (hundredths of a percent) / 10,000, rounded half away from zero
 * to cents; exact integers throughout (no float money).
 */
export function vatOf(totalWithoutVat: string, vatRate: string): { vat: string; total: string } {
  const cents = parseMoney(totalWithoutVat);
  const rate = parseDecimal(vatRate, 2);
  if (cents === null || rate === null) throw new RangeError('not money or rate');
  const vat = divideRounded(multiplyScaled(cents, rate), 10_000);
  return { vat: formatMoney(vat), total: formatMoney(addScaled(cents, vat)) };
}

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const VALID_UNTIL_BEFORE_ISSUE = {
  en: 'The validity date must not be before the issue date ({issueDate})',
  cs: 'Platnost nabídky nesmí končit před datem vystavení ({issueDate})',
};
const VALID_UNTIL_NOT_A_DATE = {
  en: 'The validity date is not a valid date',
  cs: 'Platnost do není platné datum',
};

export function toQuote(row: LineupQuoteRow): Quote {
  return {
    id: row.id,
    lineupId: row.lineupId,
    number: row.number,
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    vatRate: fromNumericText(row.vatRate),
    paymentTerms: row.paymentTerms,
    note: row.note,
    currency: row.currency,
    totalWithoutVat: row.totalWithoutVat,
    vatAmount: row.vatAmount,
    totalWithVat: row.totalWithVat,
    createdAt: row.createdAt.toISOString(),
  };
}

async function accessFor(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  action: 'READ_LINEUPS' | 'EDIT_LINEUPS',
): Promise<StoryAccess> {
  const access = await loadStoryAccess(deps.db, user, storyId);
  requireStoryAction(access, action);
  return access;
}

/**
 * Issues a quote for the lineup as it is priced now: today (in `timeZone`) is the issue date, the
 * number comes from the story company's counter, incremented by one UPDATE … RETURNING in the
 * transaction that stores the quote (concurrent issues wait for the row and get the next value).
 */
export async function issueQuote(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  lineupId: number,
  input: QuoteCreate,
): Promise<Quote> {
  const access = await accessFor(deps, user, storyId, 'EDIT_LINEUPS');
  const { record, priced } = await priceStoryLineup(deps, access.story, lineupId);
  const issueDate = localIsoString(new Date(), knownTimeZone(input.timeZone)).slice(0, 10);
  const validUntil = input.validUntil.trim();
  if (!isRealDate(validUntil)) {
    throw new ValidationError([
      { field: 'validUntil', rule: 'regex', message: VALID_UNTIL_NOT_A_DATE },
    ]);
  }
  if (validUntil < issueDate) {
    const message = {
      en: VALID_UNTIL_BEFORE_ISSUE.en.replace('{issueDate}', issueDate),
      cs: VALID_UNTIL_BEFORE_ISSUE.cs.replace('{issueDate}', issueDate),
    };
    throw new ValidationError([{ field: 'validUntil', rule: 'min_value', message }]);
  }
  const vatRate = toNumericText(String(input.vatRate ?? '21'));
  const { vat, total } = vatOf(priced.total.price, vatRate);
  const lines: QuoteLine[] = priced.roles.filter(isUsedRole).map((role) => ({
    roleId: role.roleId,
    unit: role.unit,
    amount: role.amount,
    mandays: role.mandays,
    unitPrice: role.unitPrice,
    price: role.price,
  }));
  const currency = await catalogCurrency(deps.db, access.story.catalogId);
  const row = await deps.db.transaction(async (tx) => {
    const [counter] = await tx
      .update(companies)
      .set({ quoteSeq: sql`${companies.quoteSeq} + 1` })
      .where(eq(companies.id, access.story.companyId))
      .returning({ value: companies.quoteSeq });
    if (!counter) throw new NotFoundError();
    const number = quoteNumber(issueDate, counter.value);
    const [inserted] = await tx
      .insert(lineupQuotes)
      .values({
        companyId: access.story.companyId,
        lineupId: record.lineup.id,
        number,
        issueDate,
        validUntil,
        vatRate,
        paymentTerms: input.paymentTerms?.trim() ?? '',
        note: input.note?.trim() ?? '',
        currency,
        lines,
        totalMandays: priced.total.mandays.toFixed(4),
        unpricedInstances: priced.unpricedInstances,
        totalWithoutVat: priced.total.price,
        vatAmount: vat,
        totalWithVat: total,
        createdBy: user.id,
      })
      .returning();
    if (!inserted) throw new Error('quote not stored');
    await recordStoryEvent(tx, {
      storyId,
      userId: user.id,
      type: 'QUOTE_ISSUED',
      changes: [
        { field: 'number', old: null, new: number },
        { field: 'lineup', old: null, new: record.lineup.name },
      ],
    });
    return inserted;
  });
  return toQuote(row);
}

/** The lineup's quotes, oldest first (READ_LINEUPS; a customer's of a lineup shared with them, else 404). */
export async function listQuotes(
  deps: StoryDeps,
  user: Actor,
  storyId: number,
  lineupId: number,
): Promise<Quote[]> {
  const access = await accessFor(deps, user, storyId, 'READ_LINEUPS');
  await findReadableLineup(deps.db, access, lineupId);
  const rows = await listQuoteRows(deps.db, access.story.id, lineupId);
  return rows.map(toQuote);
}
