// Quayside widget: draws the voyage map in the widget frame (docs/widget.md). Plain browser
// JavaScript with Leaflet, loaded from the same origin under a strict Content-Security-Policy:
// no inline code, no eval, no other hosts (except an optional tile server for images).
// The console draws its container maps with the same function (window.QuaysideMap.draw).
(function () {
  'use strict';
  if (typeof L === 'undefined') return;

  var BLUE = '#0b5cad';
  var STYLE = {
    planned: { color: '#52606d', weight: 2, dashArray: '3 6' },
    rail: { color: '#8a4b08', weight: 3, dashArray: '10 6' },
    sailed: { color: BLUE, weight: 3 },
    ahead: { color: BLUE, weight: 2, dashArray: '6 6' },
  };
  /** Reported positions further apart than this are not joined by a line: the planned route shows the way between them. */
  var MAX_JOINED_KM = 300;
  /** Up to this many reported positions are each drawn as a dot; a denser track reads as its line. */
  var MAX_DOTS = 60;

  function km(a, b) {
    var rad = Math.PI / 180;
    var dLat = (b[1] - a[1]) * rad;
    var dLon = (b[0] - a[0]) * rad;
    var h = Math.pow(Math.sin(dLat / 2), 2) + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.pow(Math.sin(dLon / 2), 2);
    return 12742 * Math.asin(Math.sqrt(h));
  }

  /** The runs of a track whose consecutive points are close enough to be joined. */
  function runs(coordinates) {
    var out = [];
    var run = [];
    coordinates.forEach(function (c, i) {
      if (i > 0 && km(coordinates[i - 1], c) > MAX_JOINED_KM) {
        if (run.length > 1) out.push(run);
        run = [];
      }
      run.push(c);
    });
    if (run.length > 1) out.push(run);
    return out;
  }

  function legendRow(list, className, text) {
    var row = document.createElement('li');
    var swatch = document.createElement('span');
    swatch.className = 'qs-legend-swatch ' + className;
    swatch.setAttribute('aria-hidden', 'true');
    row.appendChild(swatch);
    row.appendChild(document.createTextNode(text));
    list.appendChild(row);
  }

  /** Draws the voyage of `element`'s data-map-url over the land of data-land-url (or tiles of data-tile-url). */
  function draw(element, headers) {
    var map = L.map(element, { worldCopyJump: true, attributionControl: true, zoomSnap: 0.25 }).setView([20, 0], 1);
    var tileUrl = element.getAttribute('data-tile-url');
    if (tileUrl) {
      L.tileLayer(tileUrl, { maxZoom: 10, attribution: 'Map tiles' }).addTo(map);
    }

    function getJson(url, withHeaders) {
      return fetch(url, { credentials: 'omit', headers: withHeaders ? headers || {} : {} }).then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      });
    }

    var land = tileUrl
      ? Promise.resolve(null)
      : getJson(element.getAttribute('data-land-url')).then(function (geojson) {
          // Natural Earth land, drawn three times so the Pacific reads across the date line.
          [-360, 0, 360].forEach(function (shift) {
            L.geoJSON(geojson, {
              interactive: false,
              coordsToLatLng: function (c) {
                return L.latLng(c[1], c[0] + shift);
              },
              style: { color: '#b9c2cc', weight: 0.5, fillColor: '#e6eaee', fillOpacity: 1 },
            }).addTo(map);
          });
        });

    land
      .then(function () {
        return getJson(element.getAttribute('data-map-url'), true);
      })
      .then(function (collection) {
        // Paths continue past ±180° (a Pacific crossing the short way); ports follow them there.
        var shift = 0;
        collection.features.forEach(function (feature) {
          if (feature.geometry.type !== 'LineString') return;
          feature.geometry.coordinates.forEach(function (c) {
            if (c[0] > 180) shift = 360;
            if (c[0] < -180) shift = -360;
          });
        });
        function latLng(c) {
          var lon = c[0];
          if (shift > 0 && lon < 0) lon += 360;
          if (shift < 0 && lon > 0) lon -= 360;
          return L.latLng(c[1], lon);
        }
        var layer = L.featureGroup().addTo(map);
        var shown = {};
        var byType = function (type) {
          return collection.features.filter(function (f) {
            return f.properties.feature_type === type;
          });
        };

        // The plan first (underneath): each leg's route, over the sea lanes or by rail.
        byType('estimated_full_legs').forEach(function (f) {
          var rail = f.properties.mode === 'rail';
          shown[rail ? 'rail' : 'planned'] = true;
          L.polyline(f.geometry.coordinates.map(latLng), rail ? STYLE.rail : STYLE.planned).addTo(layer);
        });
        // What was reported: the track where its positions are close together, a dot for each when few.
        byType('past_vessel_locations').forEach(function (f) {
          var coordinates = f.geometry.coordinates;
          runs(coordinates).forEach(function (run) {
            shown.sailed = true;
            L.polyline(run.map(latLng), STYLE.sailed).addTo(layer);
          });
          if (coordinates.length <= MAX_DOTS) {
            shown.position = true;
            coordinates.forEach(function (c) {
              L.circleMarker(latLng(c), { radius: 3, color: BLUE, weight: 1, fillColor: '#fff', fillOpacity: 1 }).addTo(layer);
            });
          }
        });
        byType('estimated_partial_leg').forEach(function (f) {
          shown.ahead = true;
          L.polyline(f.geometry.coordinates.map(latLng), STYLE.ahead).addTo(layer);
        });

        // Places, labelled: the westernmost to the left, the easternmost to the right, the others below.
        var ports = byType('port');
        var lons = ports.map(function (f) {
          return latLng(f.geometry.coordinates).lng;
        });
        ports.forEach(function (f, i) {
          var p = f.properties;
          var direction = lons[i] === Math.min.apply(null, lons) ? 'left' : lons[i] === Math.max.apply(null, lons) ? 'right' : 'bottom';
          L.circleMarker(latLng(f.geometry.coordinates), { radius: 5, color: BLUE, fillColor: BLUE, fillOpacity: 0.9, weight: 2 })
            .bindTooltip((p.name || '') + (p.label ? ' (' + p.label + ')' : ''), {
              permanent: true,
              direction: direction,
              className: 'qs-place',
            })
            .addTo(layer);
        });
        byType('current_vessel').forEach(function (f) {
          shown.vessel = true;
          L.circleMarker(latLng(f.geometry.coordinates), { radius: 7, color: '#c2410c', fillColor: '#c2410c', fillOpacity: 0.9, weight: 2 })
            .bindTooltip('Vessel ' + (f.properties.vessel_name || ''), { permanent: true, direction: 'top', className: 'qs-place' })
            .addTo(layer);
        });

        var legend = L.control({ position: 'bottomleft' });
        legend.onAdd = function () {
          var list = document.createElement('ul');
          list.className = 'qs-legend';
          list.setAttribute('aria-label', 'Map legend');
          if (shown.planned) legendRow(list, 'qs-legend-planned', 'Planned route (sea lanes)');
          if (shown.sailed || shown.position) legendRow(list, 'qs-legend-sailed', 'Reported positions');
          if (shown.ahead) legendRow(list, 'qs-legend-ahead', 'Ahead');
          if (shown.rail) legendRow(list, 'qs-legend-rail', 'Rail');
          if (shown.vessel) legendRow(list, 'qs-legend-vessel', 'Vessel now');
          return list;
        };
        if (Object.keys(shown).length > 0) legend.addTo(map);

        var bounds = layer.getBounds();
        // Room on the sides for the labels of the westernmost and easternmost places.
        var side = Math.min(120, element.clientWidth / 5);
        if (bounds.isValid()) map.fitBounds(bounds, { paddingTopLeft: [side, 40], paddingBottomRight: [side, 40], maxZoom: 6 });
        element.setAttribute('data-state', 'ready');
      })
      .catch(function (error) {
        element.setAttribute('data-state', 'error');
        element.setAttribute('aria-label', 'The map could not be loaded (' + error.message + ').');
      });
  }

  window.QuaysideMap = { draw: draw };
  var widgetMap = document.getElementById('qs-map');
  if (widgetMap) draw(widgetMap);
})();
