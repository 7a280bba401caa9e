// Console page: the account's shipments (bills of lading), and one shipment with its containers.
(function () {
  'use strict';
  var C = window.QuaysideConsole;
  var h = C.h;

  function route(a) {
    return [a.port_of_lading_name || a.port_of_lading_locode, a.port_of_discharge_name || a.port_of_discharge_locode, a.destination_name]
      .filter(function (x) {
        return x;
      })
      .join(' → ');
  }

  function arrival(a) {
    return a.pod_ata_at ? 'Arrived ' + C.date(a.pod_ata_at) : C.date(a.pod_eta_at);
  }

  function tracking(a) {
    return a.line_tracking_stopped_at ? 'Stopped (' + C.word('tracking_stopped_reasons', a.line_tracking_stopped_reason) + ')' : 'Tracking';
  }

  function list(query) {
    var root = C.show('Shipments');
    var input = h('input', {
      id: 'qc-shipment-filter',
      type: 'search',
      value: query,
      'aria-label': 'Filter by bill of lading, reference or container number',
    });
    var form = h('form', { class: 'qc-filter', role: 'search' }, input, h('button', { type: 'submit', text: 'Filter' }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      location.hash = '#/shipments?q=' + encodeURIComponent(input.value);
    });
    root.appendChild(form);
    C.api('GET', '/v2/shipments?page[size]=50' + (query ? '&q=' + encodeURIComponent(query) : ''))
      .then(function (doc) {
        var rows = doc.data.map(function (s) {
          var a = s.attributes;
          return [
            C.link('#/shipments/' + s.id, a.bill_of_lading_number),
            a.shipping_line_short_name || a.shipping_line_scac,
            route(a),
            arrival(a),
            String(s.relationships.containers.data.length),
            tracking(a),
          ];
        });
        root.appendChild(
          rows.length
            ? C.table('Shipments of the account', ['Bill of lading', 'Line', 'Route', 'ETA', 'Containers', 'Tracking'], rows)
            : h('p', { text: 'No shipments match.' }),
        );
      })
      .catch(C.fail);
  }

  function item(id) {
    var root = C.show('Shipment');
    Promise.all([
      C.api('GET', '/v2/shipments/' + encodeURIComponent(id)),
      C.api('GET', '/v2/containers?filter[shipment_id]=' + encodeURIComponent(id) + '&page[size]=100'),
    ])
      .then(function (answers) {
        var a = answers[0].data.attributes;
        root.querySelector('h1').textContent = 'Shipment ' + a.bill_of_lading_number;
        document.title = 'Shipment ' + a.bill_of_lading_number + ' · Quayside console';
        root.appendChild(
          C.facts([
            ['Shipping line', a.shipping_line_name || a.shipping_line_scac],
            ['Port of loading', a.port_of_lading_name || a.port_of_lading_locode],
            ['Departed', C.date(a.pol_atd_at || a.pol_etd_at)],
            ['Port of discharge', a.port_of_discharge_name || a.port_of_discharge_locode],
            [a.pod_ata_at ? 'Arrived' : 'ETA', C.date(a.pod_ata_at || a.pod_eta_at)],
            ['Destination', a.destination_name || '—'],
            ['Vessel', a.pod_vessel_name ? a.pod_vessel_name + (a.pod_voyage_number ? ' / ' + a.pod_voyage_number : '') : '—'],
            ['Tracking', tracking(a)],
          ]),
        );
        var rows = answers[1].data.map(function (c) {
          var ca = c.attributes;
          return [
            C.link('#/containers/' + c.id, ca.number),
            C.status(ca),
            C.date(ca.pod_eta_at || a.pod_eta_at),
            C.pickup(ca),
            C.lastFreeDay(ca),
            C.holds(ca),
          ];
        });
        root.appendChild(h('h2', { text: 'Containers' }));
        root.appendChild(
          rows.length
            ? C.table('Containers of the shipment', ['Number', 'Status', 'ETA', 'Pickup', 'Last free day', 'Holds'], rows)
            : h('p', { text: 'No containers yet.' }),
        );
      })
      .catch(C.fail);
  }

  C.page({ route: 'shipments', nav: 'Shipments', order: 20, list: list, item: item });
})();
