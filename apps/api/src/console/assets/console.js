// Quayside web console (docs/console.md). Plain browser JavaScript, no framework: every view
// calls the REST api with the key kept in sessionStorage (sent as a header, never in a URL), and
// builds its DOM with textContent only, so no value from the api is ever parsed as HTML.
(function () {
  'use strict';
  var KEY = 'quayside.apiKey';
  var view = document.getElementById('qc-view');
  var signIn = document.getElementById('qc-sign-in');
  var nav = document.getElementById('qc-nav');

  function h(tag, attrs) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === 'text') el.textContent = attrs[name];
      else if (name === 'onclick') el.addEventListener('click', attrs[name]);
      else el.setAttribute(name, attrs[name]);
    });
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined) continue;
      el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return el;
  }

  function api(method, path, body) {
    var headers = { authorization: 'Token ' + sessionStorage.getItem(KEY), accept: 'application/vnd.api+json' };
    if (body) headers['content-type'] = 'application/vnd.api+json';
    return fetch(path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined }).then(function (response) {
      if (response.status === 401 && path === '/v2/account') signOut();
      if (response.status === 204) return null;
      return response.json().then(function (json) {
        if (!response.ok) {
          var detail = (json.errors || [])
            .map(function (e) {
              return e.detail || e.title;
            })
            .join(' ');
          throw new Error(response.status + ': ' + detail);
        }
        return json;
      });
    });
  }

  function date(iso) {
    return iso ? String(iso).slice(0, 10) : '—';
  }
  function holds(list) {
    return list && list.length
      ? list
          .map(function (x) {
            return x.name;
          })
          .join(', ')
      : 'None';
  }

  function table(caption, headings, rows) {
    return h(
      'table',
      { class: 'qc-table' },
      h('caption', { text: caption }),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...headings.map(function (t) {
            return h('th', { scope: 'col', text: t });
          }),
        ),
      ),
      h('tbody', null, ...rows),
    );
  }

  function show(title) {
    view.textContent = '';
    var heading = h('h1', { text: title });
    view.appendChild(heading);
    document.title = title + ' · Quayside console';
    return view;
  }

  function fail(error) {
    view.appendChild(h('p', { class: 'qc-error', role: 'alert', text: error.message }));
  }

  function containers(query) {
    var root = show('Containers');
    var input = h('input', {
      id: 'qc-filter',
      type: 'search',
      value: query || '',
      'aria-label': 'Filter by number, reference or bill of lading',
    });
    var form = h('form', { class: 'qc-filter', role: 'search' }, input, h('button', { type: 'submit', text: 'Filter' }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      location.hash = '#/containers?q=' + encodeURIComponent(input.value);
    });
    root.appendChild(form);
    var path = '/v2/containers?include=shipment&page[size]=50' + (query ? '&q=' + encodeURIComponent(query) : '');
    api('GET', path)
      .then(function (doc) {
        var shipments = {};
        (doc.included || []).forEach(function (r) {
          if (r.type === 'shipment') shipments[r.id] = r.attributes;
        });
        var rows = doc.data.map(function (c) {
          var a = c.attributes;
          var s = c.relationships.shipment.data ? shipments[c.relationships.shipment.data.id] || {} : {};
          return h(
            'tr',
            null,
            h('td', null, h('a', { href: '#/containers/' + c.id, text: a.number })),
            h('td', { text: s.bill_of_lading_number || '—' }),
            h('td', { text: a.current_status ? a.current_status.replace(/_/g, ' ') : '—' }),
            h('td', { text: date(a.pod_eta_at || s.pod_eta_at) }),
            h('td', { text: date(a.pickup_lfd) }),
            h('td', { text: holds(a.holds_at_pod_terminal) }),
          );
        });
        root.appendChild(
          rows.length
            ? table('Containers of the account', ['Number', 'Bill of lading', 'Status', 'ETA', 'Last free day', 'Holds'], rows)
            : h('p', { text: 'No containers match.' }),
        );
      })
      .catch(fail);
  }

  function container(id) {
    var root = show('Container');
    api('GET', '/v2/containers/' + encodeURIComponent(id) + '?include=shipment,transport_events')
      .then(function (doc) {
        var a = doc.data.attributes;
        root.querySelector('h1').textContent = 'Container ' + a.number;
        var facts = [
          ['Status', a.current_status || '—'],
          ['ETA', date(a.pod_eta_at)],
          ['Available', a.available_for_pickup === true ? 'Yes' : a.available_for_pickup === false ? 'No' : '—'],
          ['Last free day', date(a.pickup_lfd)],
          ['Holds', holds(a.holds_at_pod_terminal)],
          [
            'Fees',
            Object.keys(a.fees_total_by_currency || {})
              .map(function (c) {
                return a.fees_total_by_currency[c] + ' ' + c;
              })
              .join(', ') || 'None',
          ],
        ];
        root.appendChild(
          h(
            'dl',
            { class: 'qc-facts' },
            ...facts.map(function (f) {
              return h('div', null, h('dt', { text: f[0] }), h('dd', { text: f[1] }));
            }),
          ),
        );
        var events = (doc.included || [])
          .filter(function (r) {
            return r.type === 'transport_event' && !r.attributes.invalidated_at;
          })
          .sort(function (x, y) {
            return String(x.attributes.timestamp).localeCompare(String(y.attributes.timestamp));
          });
        root.appendChild(h('h2', { text: 'Milestones' }));
        root.appendChild(
          events.length
            ? h(
                'ol',
                { class: 'qc-timeline' },
                ...events.map(function (e) {
                  return h(
                    'li',
                    null,
                    h('strong', { text: e.attributes.event.replace('container.transport.', '').replace(/_/g, ' ') }),
                    ' ' + date(e.attributes.timestamp) + ' ' + (e.attributes.location_locode || ''),
                  );
                }),
              )
            : h('p', { text: 'No milestones yet.' }),
        );
        root.appendChild(h('h2', { text: 'Voyage map' }));
        var mapUrl = '/v2/containers/' + encodeURIComponent(id) + '/map_geojson';
        api('GET', mapUrl)
          .then(function () {
            var element = h('div', {
              id: 'qc-map',
              class: 'qc-map',
              'data-map-url': mapUrl,
              'data-land-url': '/widget/v1/assets/land.geojson',
            });
            root.appendChild(element);
            window.QuaysideMap.draw(element, { authorization: 'Token ' + sessionStorage.getItem(KEY) });
          })
          .catch(function (error) {
            root.appendChild(h('p', { class: 'qc-muted', text: 'No map: ' + error.message }));
          });
      })
      .catch(fail);
  }

  function notifications() {
    var root = show('Webhook deliveries');
    api('GET', '/v2/webhook_notifications?page[size]=100')
      .then(function (doc) {
        var rows = doc.data
          .slice()
          .reverse()
          .map(function (n) {
            var a = n.attributes;
            var button = h('button', { type: 'button', text: 'Redeliver', 'aria-label': 'Redeliver notification ' + n.id });
            button.addEventListener('click', function () {
              button.disabled = true;
              api('POST', '/v2/webhook_notifications/' + n.id + '/redeliver')
                .then(function () {
                  button.textContent = 'Queued';
                })
                .catch(function (error) {
                  button.textContent = error.message;
                });
            });
            return h(
              'tr',
              { class: a.delivery_status === 'failed' ? 'qc-failed' : '' },
              h('td', { text: date(a.created_at) }),
              h('td', { text: a.event }),
              h('td', { text: a.delivery_status }),
              h('td', { text: String(a.attempts) }),
              h('td', { text: a.last_error || '—' }),
              h('td', null, button),
            );
          });
        root.appendChild(
          rows.length
            ? table('Notifications, newest first', ['Created', 'Event', 'Delivery', 'Attempts', 'Last error', ''], rows)
            : h('p', { text: 'No notifications yet.' }),
        );
      })
      .catch(fail);
  }

  function keys() {
    var root = show('API keys');
    var name = h('input', { id: 'qc-key-name', required: 'required', maxlength: '100' });
    var form = h(
      'form',
      { class: 'qc-filter' },
      h('label', { for: 'qc-key-name', text: 'New key name' }),
      name,
      h('button', { type: 'submit', text: 'Create key' }),
    );
    var created = h('p', { class: 'qc-secret', role: 'status' });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      api('POST', '/v2/api_keys', { data: { type: 'api_key', attributes: { name: name.value } } })
        .then(function (doc) {
          keys();
          view.appendChild(
            h('p', { class: 'qc-secret', role: 'status', text: 'Copy the new key now, it is shown once: ' + doc.data.attributes.key }),
          );
        })
        .catch(fail);
    });
    root.appendChild(form);
    root.appendChild(created);
    api('GET', '/v2/api_keys')
      .then(function (doc) {
        root.appendChild(
          table(
            'Live keys',
            ['Name', 'Key', 'Created', 'Last used', ''],
            doc.data.map(function (k) {
              var revoke = h('button', { type: 'button', text: 'Revoke', 'aria-label': 'Revoke key ' + k.attributes.name });
              revoke.addEventListener('click', function () {
                api('DELETE', '/v2/api_keys/' + k.id)
                  .then(keys)
                  .catch(fail);
              });
              return h(
                'tr',
                null,
                h('td', { text: k.attributes.name }),
                h('td', { text: k.attributes.masked_key }),
                h('td', { text: date(k.attributes.created_at) }),
                h('td', { text: date(k.attributes.last_used_at) }),
                h('td', null, revoke),
              );
            }),
          ),
        );
      })
      .catch(fail);
  }

  function route() {
    var signedIn = !!sessionStorage.getItem(KEY);
    signIn.hidden = signedIn;
    nav.hidden = !signedIn;
    if (!signedIn) {
      view.textContent = '';
      return;
    }
    var hash = location.hash || '#/containers';
    var match;
    if ((match = /^#\/containers\/([0-9a-f-]{36})$/.exec(hash))) container(match[1]);
    else if (hash === '#/notifications') notifications();
    else if (hash === '#/keys') keys();
    else containers((/[?&]q=([^&]*)/.exec(hash) || [])[1] ? decodeURIComponent(/[?&]q=([^&]*)/.exec(hash)[1]) : '');
  }

  function signOut() {
    sessionStorage.removeItem(KEY);
    route();
  }

  document.getElementById('qc-sign-in-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var input = document.getElementById('qc-key');
    sessionStorage.setItem(KEY, input.value.trim());
    input.value = '';
    api('GET', '/v2/account')
      .then(function () {
        route();
      })
      .catch(function (error) {
        sessionStorage.removeItem(KEY);
        document.getElementById('qc-sign-in-error').textContent = 'Sign-in failed (' + error.message + ').';
      });
  });
  document.getElementById('qc-sign-out').addEventListener('click', signOut);
  window.addEventListener('hashchange', route);
  route();
})();
