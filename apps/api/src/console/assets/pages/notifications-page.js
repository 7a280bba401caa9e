// Console page: webhook notifications with their delivery state, and redelivery.
(function () {
  'use strict';
  var C = window.QuaysideConsole;
  var h = C.h;

  function list() {
    var root = C.show('Webhook deliveries');
    C.api('GET', '/v2/webhook_notifications?page[size]=100')
      .then(function (doc) {
        var rows = doc.data
          .slice()
          .reverse()
          .map(function (n) {
            var a = n.attributes;
            var button = h('button', { type: 'button', text: 'Redeliver', 'aria-label': 'Redeliver notification ' + n.id });
            button.addEventListener('click', function () {
              button.disabled = true;
              C.api('POST', '/v2/webhook_notifications/' + n.id + '/redeliver')
                .then(function () {
                  button.textContent = 'Queued';
                })
                .catch(function (error) {
                  button.textContent = error.message;
                });
            });
            var row = [
              C.date(a.created_at),
              C.eventWords(a.event),
              C.word('delivery_statuses', a.delivery_status),
              String(a.attempts),
              a.last_error || '—',
              button,
            ];
            row.className = a.delivery_status === 'failed' ? 'qc-failed' : null;
            return row;
          });
        root.appendChild(
          rows.length
            ? C.table('Notifications, newest first', ['Created', 'Event', 'Delivery', 'Attempts', 'Last error', ''], rows)
            : h('p', { text: 'No notifications yet.' }),
        );
      })
      .catch(C.fail);
  }

  C.page({ route: 'notifications', nav: 'Webhook deliveries', order: 30, list: list });
})();
