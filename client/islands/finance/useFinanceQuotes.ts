import { useEffect, useRef, useState } from 'react';
import type { FamilyKey, FinanceQuote, FinanceVehicle, LegalResponse } from '../../../contracts/upstream/codeweaver.js';
import { fetchDefaultQuotes, fetchLegal, fetchQuote } from './financeApi.js';
import { QUOTE_DEBOUNCE_MS, figuresOf, quoteRequest, type FinanceFigures } from './financeRules.js';
import type { FinanceSliderId } from './financeTypes.js';

export type FinanceStatus = 'loading' | 'unavailable' | 'loaded';
/** The representative example of one quote; a state for another quote means this one is still loading. */
export type LegalState = { quoteRef: string; legal: LegalResponse | 'failed' };

export interface FinanceQuotes {
  status: FinanceStatus;
  /** Each product's latest quote, in the service's order. */
  quotes: FinanceQuote[];
  selected: FinanceQuote | undefined;
  /** The sliders' values: the shopper's while a quote is on its way. */
  figures: FinanceFigures | undefined;
  updating: boolean;
  updateFailed: boolean;
  /** The service moved a figure back inside the product's limits. */
  adjusted: boolean;
  legal: LegalState | undefined;
  select: (family: FamilyKey) => void;
  move: (slider: FinanceSliderId, value: number) => void;
}

const aborted = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * The finance card's data: the default quote of every product, then a new quote whenever the shopper
 * rests a slider (debounced; a request still on its way is aborted), and the representative example
 * of the quote on show.
 */
export function useFinanceQuotes(vehicle: FinanceVehicle): FinanceQuotes {
  const [status, setStatus] = useState<FinanceStatus>('loading');
  const [quotes, setQuotes] = useState<FinanceQuote[]>([]);
  const [family, setFamily] = useState<FamilyKey | undefined>(undefined);
  const [figures, setFigures] = useState<FinanceFigures | undefined>(undefined);
  const [updating, setUpdating] = useState(false);
  const [updateFailed, setUpdateFailed] = useState(false);
  const [adjusted, setAdjusted] = useState(false);
  const [legal, setLegal] = useState<LegalState | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    fetchDefaultQuotes(vehicle, controller.signal).then(
      ({ Quotes }) => {
        if (Quotes.length === 0) return setStatus('unavailable');
        setQuotes(Quotes);
        setFamily(Quotes[0]!.FamilyKey);
        setFigures(figuresOf(Quotes[0]!));
        setStatus('loaded');
      },
      (err: unknown) => {
        if (!aborted(err)) setStatus('unavailable');
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer.current);
      inFlight.current?.abort();
    };
  }, [vehicle]);

  const selected = quotes.find((q) => q.FamilyKey === family);
  const quoteRef = selected?.QuoteRef;

  useEffect(() => {
    if (!quoteRef) return;
    const controller = new AbortController();
    fetchLegal(quoteRef, controller.signal).then(
      (answer) => setLegal({ quoteRef, legal: answer }),
      (err: unknown) => {
        if (!aborted(err)) setLegal({ quoteRef, legal: 'failed' });
      },
    );
    return () => controller.abort();
  }, [quoteRef]);

  const stopPending = () => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = undefined;
  };

  const select = (next: FamilyKey) => {
    const quote = quotes.find((q) => q.FamilyKey === next);
    if (!quote || next === family) return;
    stopPending();
    setFamily(next);
    setFigures(figuresOf(quote));
    setUpdating(false);
    setUpdateFailed(false);
    setAdjusted(false);
  };

  const move = (slider: FinanceSliderId, value: number) => {
    if (!selected || !figures || figures[slider] === value) return;
    const next = { ...figures, [slider]: value };
    setFigures(next);
    setUpdating(true);
    setUpdateFailed(false);
    stopPending();
    const request = quoteRequest(vehicle, selected, next, slider);
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      fetchQuote(request, controller.signal).then(
        ({ Quote, Adjusted }) => {
          setQuotes((known) => known.map((q) => (q.FamilyKey === Quote.FamilyKey ? Quote : q)));
          setFigures(figuresOf(Quote));
          setAdjusted(Adjusted);
          setUpdating(false);
        },
        (err: unknown) => {
          if (aborted(err)) return;
          setFigures(figuresOf(selected));
          setUpdateFailed(true);
          setUpdating(false);
        },
      );
    }, QUOTE_DEBOUNCE_MS);
  };

  return { status, quotes, selected, figures, updating, updateFailed, adjusted, legal, select, move };
}
