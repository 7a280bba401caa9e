// Console page: the account's containers, and one container with its milestones and voyage map.
(function () {
  'use strict';
  var C = window.QuaysideConsole;
  var h = C.h;

  function list(query) {
    var root = C.show('Containers');
    var input = h('input', {
      id: 'qc-filter',
      type: 'search',
      value: query,
      'aria-label': 'Filter by number, reference or bill of lading',
    });
    var form = h('form', { class: 'qc-filter', role: 'search' }, input, h('button', { type: 'submit', text: 'Filter' }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      location.hash = '#/containers?q=' + encodeURIComponent(input.value);
    });
    root.appendChild(form);
    var path = '/v2/containers?include=shipment&page[size]=50' + (query ? '&q=' + encodeURIComponent(query) : '');
    C.api('GET', path)
      .then(function (doc) {
        var found = C.included(doc);
        var rows = doc.data.map(function (c) {
          var a = c.attributes;
          var ref = c.relationships.shipment.data;
          var s = ref && found['shipment:' + ref.id] ? found['shipment:' + ref.id].attributes : {};
          return [
            C.link('#/containers/' + c.id, a.number),
            ref && s.bill_of_lading_number ? C.link('#/shipments/' + ref.id, s.bill_of_lading_number) : '—',
            C.words(a.current_status),
            C.date(a.pod_eta_at || s.pod_eta_at),
            C.date(a.pickup_lfd),
            C.holds(a.holds_at_pod_terminal),
          ];
        });
        root.appendChild(
          rows.length
            ? C.table('Containers of the account', ['Number', 'Bill of lading', 'Status', 'ETA', 'Last free day', 'Holds'], rows)
            : h('p', { text: 'No containers match.' }),
        );
      })
      .catch(C.fail);
  }

  function item(id) {
    var root = C.show('Container');
    C.api('GET', '/v2/containers/' + encodeURIComponent(id) + '?include=shipment,transport_events')
      .then(function (doc) {
        var a = doc.data.attributes;
        var ref = doc.data.relationships.shipment.data;
        var shipment = ref ? C.included(doc)['shipment:' + ref.id] : null;
        root.querySelector('h1').textContent = 'Container ' + a.number;
        root.appendChild(
          C.facts([
            ['Status', C.words(a.current_status)],
            ['Bill of lading', shipment ? C.link('#/shipments/' + shipment.id, shipment.attributes.bill_of_lading_number) : '—'],
            ['ETA', C.date(a.pod_eta_at)],
            ['Available', a.available_for_pickup === true ? 'Yes' : a.available_for_pickup === false ? 'No' : '—'],
            ['Last free day', C.date(a.pickup_lfd)],
            ['Holds', C.holds(a.holds_at_pod_terminal)],
            [
              'Fees',
              Object.keys(a.fees_total_by_currency || {})
                .map(function (c) {
                  return a.fees_total_by_currency[c] + ' ' + c;
                })
                .join(', ') || 'None',
            ],
          ]),
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
                    h('strong', { text: C.words(e.attributes.event.replace('container.transport.', '')) }),
                    ' ' + C.date(e.attributes.timestamp) + ' ' + (e.attributes.location_locode || ''),
                  );
                }),
              )
            : h('p', { text: 'No milestones yet.' }),
        );
        root.appendChild(h('h2', { text: 'Voyage map' }));
        var mapUrl = '/v2/containers/' + encodeURIComponent(id) + '/map_geojson';
        C.api('GET', mapUrl)
          .then(function () {
            var element = h('div', {
              id: 'qc-map',
              class: 'qc-map',
              'data-map-url': mapUrl,
              'data-land-url': '/widget/v1/assets/land.geojson',
            });
            root.appendChild(element);
            window.QuaysideMap.draw(element, { authorization: C.authorization() });
          })
          .catch(function (error) {
            root.appendChild(h('p', { class: 'qc-muted', text: 'No map: ' + error.message }));
          });
      })
      .catch(C.fail);
  }

  C.page({ route: 'containers', nav: 'Containers', order: 10, list: list, item: item });
})();
