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
            C.status(a),
            C.pickup(a),
            C.date(a.pod_eta_at || s.pod_eta_at),
            C.lastFreeDay(a),
            C.holds(a),
          ];
        });
        root.appendChild(
          rows.length
            ? C.table('Containers of the account', ['Number', 'Bill of lading', 'Status', 'Pickup', 'ETA', 'Last free day', 'Holds'], rows)
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
        var sa = shipment ? shipment.attributes : null;
        var j = a.journey || {};
        var totals = j.fees_total_by_currency || {};
        root.appendChild(
          C.facts([
            ['Status', C.status(a)],
            ['Bill of lading', shipment ? C.link('#/shipments/' + shipment.id, sa.bill_of_lading_number) : '—'],
            ['ETA', C.date(a.pod_eta_at)],
            ['Pickup', C.pickup(a)],
            [j.picked_up_at || j.done ? 'Picked up at' : 'Pickup at', j.pickup_at ? C.placeName(j.pickup_at, sa) : '—'],
            ['Last free day', C.lastFreeDay(a)],
            ['Holds', C.holds(a)],
            [
              'Fees',
              Object.keys(totals)
                .map(function (c) {
                  return totals[c] + ' ' + c;
                })
                .join(', ') || 'None',
            ],
            ['At risk', C.risk(a)],
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
                  var name = e.attributes.event;
                  return h(
                    'li',
                    null,
                    h('strong', { text: C.eventWords(name) }),
                    ' ' + C.date(e.attributes.timestamp) + ' ' + C.eventPlace(name, e.attributes.location_locode, sa),
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
