// Console page: the carrier, terminal and rail sources this server asks, and how each has been answering.
(function () {
  'use strict';
  var C = window.QuaysideConsole;
  var h = C.h;

  var KINDS = { carrier: 'Carrier', terminal: 'Terminal', rail: 'Rail' };
  var STATUS = { unknown: 'Not asked yet', ok: 'Answering', failing: 'Failing', down: 'Down' };
  var CLASSES = {
    auth_refused: 'credentials refused',
    quota: 'quota spent',
    unreachable: 'unreachable',
    unrecognized_answer: 'answer not understood',
    adapter_error: 'adapter error',
  };

  /** Minute and zone: a source's health is read to the minute, a date alone says too little. */
  function when(iso) {
    return iso ? String(iso).slice(0, 16).replace('T', ' ') + ' UTC' : '—';
  }

  function rate(value) {
    return value === null || value === undefined ? '—' : Math.round(value * 100) + '%';
  }

  function quota(q) {
    if (!q) return '—';
    if (q.paused_until) return 'paused until ' + when(q.paused_until);
    var rate =
      q.requests_per_minute === null
        ? q.requests_last_minute + ' a minute'
        : q.requests_last_minute + ' of ' + q.requests_per_minute + ' a minute';
    return rate + ', ' + q.in_flight + ' of ' + q.max_concurrency + ' at once';
  }

  function list() {
    var root = C.show('Sources');
    root.appendChild(
      h('p', {
        text: 'What this server asks for tracking data. A source that is failing or down leaves the data it answers for as it was last fetched.',
      }),
    );
    C.api('GET', '/v2/sources')
      .then(function (doc) {
        var rows = doc.data.map(function (s) {
          var a = s.attributes;
          var name = KINDS[a.kind] + ' ' + a.code + (a.sandbox ? ' (sandbox)' : a.experimental ? ' (experimental)' : '');
          // The time keeps together, the class may go to the next line (a phone is narrow).
          var lastError = a.last_error_at
            ? h(
                'span',
                null,
                h('span', { class: 'qc-nowrap', text: when(a.last_error_at) }),
                ', ' + (CLASSES[a.last_error_class] || C.words(a.last_error_class)),
              )
            : '—';
          var row = [
            name,
            STATUS[a.status] || C.words(a.status),
            when(a.last_success_at),
            lastError,
            rate(a.error_rate_last_hour) + ' of ' + a.calls_last_hour,
            quota(a.quota),
            when(a.oldest_data_at),
          ];
          row.className = a.status === 'down' || a.status === 'failing' ? 'qc-failed' : null;
          return row;
        });
        root.appendChild(
          rows.length
            ? C.table(
                'Sources and their health',
                ['Source', 'Status', 'Last success', 'Last error', 'Errors (last hour)', 'Quota in use', 'Oldest data'],
                rows,
              )
            : h('p', { text: 'No source is configured.' }),
        );
      })
      .catch(C.fail);
  }

  C.page({ route: 'sources', nav: 'Sources', order: 50, list: list });
})();
