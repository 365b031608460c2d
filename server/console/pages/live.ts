/**
 * Live (`/live?curve=...&area=DE`): the push feed in the page, through the client's own events
 * section over the browser's WebSocket (docs/protocol.md#push-feed; the key goes as a subprotocol,
 * never in the URL). Events are listed as they arrive, newest first, filtered by curve name and
 * area (kept in the URL). After a drop the client reconnects and resubscribes after the last event
 * it received, so none is lost or shown twice; the status line says what the connection is doing.
 *
 * @module
 */
import { Area, type CurveEvent, type EventsConnection } from '../client-package';
import { el, replace } from '../dom';
import { registerPage } from '../router';

/** Rows kept on the page (the oldest go). */
const MAX_ROWS = 500;

/** Every event type: the filter that keeps all events. */
const ALL_TYPES = ['CURVE_UPDATE', 'CURVE_DELETE', 'CURVE_TRUNCATE'];

function instant(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString().replace('.000Z', 'Z').replace('T', ' ');
}

function row(event: CurveEvent): HTMLTableRowElement {
  const name = event.curve.name;
  return el(
    'tr',
    { 'data-event-id': event.id },
    el('td', {}, el('code', {}, event.id)),
    el('td', {}, el('a', { href: `/curves/${encodeURIComponent(name)}` }, name)),
    el('td', {}, event.curve.area?.tag ?? ''),
    el('td', {}, String(event.eventType)),
    el('td', {}, event.instance ? instant(event.instance.issued.toMillis()) : ''),
    el('td', {}, `${instant(event.beginMillis)} – ${instant(event.endMillis)}`),
    el('td', { class: 'num' }, event.numValues === null ? '' : event.numValues.toLocaleString('en')),
  );
}

registerPage({
  path: '/live',
  title: 'Live',
  nav: 'Live',
  // Not split: the page's filters, event table and feed connection are shared by its handlers.
  render({ main, client, signal, query, setQuery, showError }) {
    const curveInput = el('input', { id: 'live-curve', name: 'curve', type: 'text', value: query.get('curve') ?? '', spellcheck: 'false' });
    const areaSelect = el(
      'select',
      { id: 'live-area', name: 'area' },
      el('option', { value: '' }, 'Every area'),
      ...Area.all().map((a) => el('option', { value: a.tag, selected: a.tag === (query.get('area') ?? '') }, `${a.tag} – ${a.name}`)),
    );
    const form = el(
      'form',
      { class: 'controls', 'aria-label': 'Filter events' },
      el('label', { for: 'live-curve' }, 'Curve name'),
      curveInput,
      el('label', { for: 'live-area' }, 'Area'),
      areaSelect,
      el('button', { type: 'submit' }, 'Apply'),
    );
    const status = el('p', { id: 'live-status', class: 'status', role: 'status', 'aria-live': 'polite' }, 'Connecting…');
    const body = el('tbody', { id: 'live-events' });
    const table = el(
      'table',
      { class: 'live' },
      el('caption', {}, 'Curve events, newest first'),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['Event', 'Curve', 'Area', 'Type', 'Instance', 'Changed range', 'Values'].map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      body,
    );
    main.append(el('h1', {}, 'Live events'), form, status, el('div', { class: 'table-wrap', tabindex: 0, 'aria-label': 'Events' }, table));

    let feed: EventsConnection | null = null;
    let wanted = { curve: curveInput.value.trim(), area: areaSelect.value };
    const listening = () => {
      const what = [wanted.curve && `curve ${wanted.curve}`, wanted.area && `area ${wanted.area}`].filter(Boolean).join(', ');
      status.textContent = `Listening for events${what ? ` of ${what}` : ''}.`;
    };
    const subscribe = async () => {
      if (!feed) return;
      // a name filter cannot carry areas: with both, the area is checked here as events arrive
      const filter = wanted.curve ? { curveNames: wanted.curve } : wanted.area ? { areas: wanted.area } : { eventTypes: ALL_TYPES };
      await feed.subscribe(filter);
      listening();
    };
    const shows = (event: CurveEvent) => !(wanted.curve && wanted.area) || event.curve.area?.tag === wanted.area;

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      wanted = { curve: curveInput.value.trim(), area: areaSelect.value };
      setQuery({ curve: wanted.curve, area: wanted.area });
      replace(body);
      showError(null);
      subscribe().catch((err: unknown) => showError(err));
    });

    void (async () => {
      try {
        feed = await client.events.connect({
          reconnectAttempts: 20,
          onEvent: (event) => {
            if (!shows(event)) return;
            body.prepend(row(event));
            while (body.rows.length > MAX_ROWS) body.lastElementChild?.remove();
          },
          onConnectionEvent: (event) => {
            status.textContent = `Connection lost (${event.status}): reconnecting…`;
            // the client reconnects and resubscribes by itself; say so once it has
            const check = setInterval(() => {
              if (signal.aborted || !feed?.active) clearInterval(check);
              else if (feed.connected) {
                clearInterval(check);
                listening();
              }
            }, 250);
          },
          onError: (err) => {
            if (!signal.aborted) showError(err);
          },
        });
        if (signal.aborted) {
          await feed.close();
          return;
        }
        signal.addEventListener('abort', () => void feed?.close());
        await subscribe();
      } catch (err) {
        if (signal.aborted) return;
        status.textContent = 'Not connected.';
        showError(err);
      }
    })();
  },
});
