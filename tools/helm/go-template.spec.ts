import { GoTemplateSet } from './go-template';

function render(source: string, data: unknown, defines = ''): string {
  const set = new GoTemplateSet();
  if (defines !== '') set.add('_helpers.tpl', defines);
  set.add('t.yaml', source);
  return set.execute('t.yaml', data);
}

describe('the Go template subset that renders the Helm chart', () => {
  it.each<[string, string, unknown, string]>([
    ['fields and literals', '{{ .a.b }} {{ "s" }} {{ 3 }} {{ true }}', { a: { b: 'x' } }, 'x s 3 true'],
    ['a missing field prints nothing, as Helm does', '[{{ .missing }}]', {}, '[]'],
    ['trim markers eat whitespace and newlines', 'a  \n {{- "b" -}} \n  c', {}, 'abc'],
    ['comments', 'a{{/* hidden */}}b{{- /* trimmed */ -}} c', {}, 'abc'],
    ['if / else if / else', '{{ if .x }}x{{ else if .y }}y{{ else }}z{{ end }}', { y: 1 }, 'y'],
    [
      'Go truth: empty maps, lists, strings and 0 are false',
      '{{ if .m }}1{{ end }}{{ if .l }}2{{ end }}{{ if .s }}3{{ end }}{{ if .z }}4{{ end }}-',
      { m: {}, l: [], s: '', z: 0 },
      '-',
    ],
    ['range over a list, with index and value', '{{ range $i, $v := .l }}{{ $i }}={{ $v }};{{ end }}', { l: ['a', 'b'] }, '0=a;1=b;'],
    ['range over a map goes in key order', '{{ range $k, $v := .m }}{{ $k }}{{ $v }}{{ end }}', { m: { b: 2, a: 1 } }, 'a1b2'],
    ['range with else', '{{ range .l }}x{{ else }}none{{ end }}', { l: [] }, 'none'],
    ['with sets dot', '{{ with .a }}{{ .b }}{{ end }}', { a: { b: 'in' } }, 'in'],
    ['variables and $', '{{ $x := .a }}{{ with .b }}{{ $x }}{{ $.a }}{{ end }}', { a: 'A', b: 'B' }, 'AA'],
    ['pipelines pass the value last', '{{ .a | default "d" | quote }}', { a: '' }, '"d"'],
    ['parentheses, and a field of a group', '{{ (dict "k" "v").k }} {{ printf "%s-%d" (print "a" "b") 3 }}', {}, 'v ab-3'],
    ['and / or return an operand and stop early', '{{ or .x "fallback" }} {{ and .x .x.y }}', { x: null }, 'fallback '],
    [
      'toYaml sorts keys; nindent indents every line',
      'k:{{ toYaml .m | nindent 2 }}',
      { m: { b: [1], a: 'x' } },
      'k:\n  a: x\n  b:\n    - 1',
    ],
    [
      'index, list, eq, not, empty',
      '{{ index .m "k" }} {{ range list 1 2 }}{{ . }}{{ end }} {{ eq .n 2 3 }} {{ not .n }} {{ empty .e }}',
      { m: { k: 'v' }, n: 3, e: [] },
      'v 12 true false true',
    ],
  ])('%s', (_label, source, data, expected) => {
    expect(render(source, data)).toBe(expected);
  });

  it('include renders a define with the data given, and its output can be piped', () => {
    expect(render('{{ include "name" (dict "n" "x") | quote }}', {}, '{{ define "name" }}n-{{ .n }}{{ end }}')).toBe('"n-x"');
    expect(
      render('a:{{ include "lines" . | indent 2 }}', { v: 'x' }, '{{- define "lines" -}}\none: {{ .v }}\ntwo: {{ .v }}\n{{- end -}}'),
    ).toBe('a:  one: x\n  two: x');
  });

  it.each<[string, string, RegExp]>([
    ['a field of a missing value', '{{ .a.b }}', /nil pointer evaluating interface \{\}\.b/],
    ['an unknown function', '{{ frobnicate 1 }}', /function "frobnicate" not defined/],
    ['a block never closed', '{{ if .a }}x', /not closed by \{\{ end \}\}/],
    ['an undefined variable', '{{ $nope }}', /undefined variable \$nope/],
    ['required without a value', '{{ required "x is required" .x }}', /x is required/],
  ])('fails on %s, as helm would', (_label, source, error) => {
    expect(() => render(source, {})).toThrow(error);
  });
});
