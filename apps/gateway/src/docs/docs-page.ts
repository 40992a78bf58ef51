import { createHash } from 'node:crypto';

/**
 * `/api/docs`: a self-contained page (no CDN) that reads `/api/docs/openapi.json` and lists every
 * operation with its auth, parameters, body and responses, plus the problem types that
 * problem+json `type` links point to (`/api/docs#problem-validation-failed`). The inline script
 * and style are allowed by hash in the Content-Security-Policy, nothing else is.
 */
export function docsPage(title: string): { html: string; csp: string } {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><p>Generated from the proto contracts. Raw document: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a></p>
<input id="filter" type="search" placeholder="Filter operations" aria-label="Filter operations"></header>
<main id="ops"><p>Loading…</p></main>
<section id="problems"><h2>Problem types</h2><p>Errors are <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>instance</code>, <code>code</code>, <code>requestId</code> and, for validation, <code>errors: [{field, message}]</code>.</p><dl id="problem-list"></dl></section>
<script>${SCRIPT}</script>
</body>
</html>`;
  const csp = [
    `default-src 'none'`,
    `script-src ${hash(SCRIPT)}`,
    `style-src ${hash(STYLE)}`,
    `connect-src 'self'`,
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join('; ');
  return { html, csp };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header,main,section{max-width:1100px;margin:0 auto;padding:0 16px}
h1{margin:16px 0 4px}h2{margin-top:28px}
#filter{width:100%;padding:8px;margin:8px 0 16px;font-size:15px}
details{background:#fff;border:1px solid #d8dce3;border-radius:6px;margin:6px 0}
summary{cursor:pointer;padding:8px 10px;display:flex;gap:10px;align-items:center}
.m{font:bold 12px monospace;padding:3px 6px;border-radius:4px;color:#fff;min-width:52px;text-align:center}
.GET{background:#2f7d32}.POST{background:#1565c0}.PUT{background:#8d6e00}.PATCH{background:#6a1b9a}.DELETE{background:#c62828}
.p{font-family:monospace}.a{margin-left:auto;font-size:12px;padding:2px 6px;border-radius:4px;background:#eceff4}
.body{padding:0 14px 12px}table{border-collapse:collapse;width:100%;font-size:13px}
td,th{border-top:1px solid #eceff4;padding:4px 6px;text-align:left;vertical-align:top}
code,pre{font-family:monospace;font-size:12px}pre{background:#f6f7f9;padding:8px;overflow:auto}
dt{font-family:monospace;font-weight:bold;margin-top:8px}
`;

const SCRIPT = `
(function(){
  var el=function(tag,attrs,children){var e=document.createElement(tag);for(var k in attrs||{}){if(k==='text')e.textContent=attrs[k];else e.setAttribute(k,attrs[k]);}(children||[]).forEach(function(c){if(c)e.appendChild(c);});return e;};
  var refName=function(s){return s&&s.$ref?s.$ref.split('/').pop():null;};
  var typeOf=function(s){if(!s)return'';if(s.$ref)return refName(s);if(s.anyOf)return s.anyOf.map(typeOf).join(' | ');if(s.type==='array')return typeOf(s.items)+'[]';if(s.enum)return s.enum.join(' | ');var t=Array.isArray(s.type)?s.type.join(' | '):(s.type||'any');return s.format?t+' ('+s.format+')':t;};
  var schemaTable=function(doc,schema){var s=schema&&schema.$ref?doc.components.schemas[refName(schema)]:schema;if(!s||!s.properties)return el('p',{text:typeOf(schema)});var rows=Object.keys(s.properties).map(function(n){var p=s.properties[n];var c=[];if(p.maxLength)c.push('max '+p.maxLength);return el('tr',{},[el('td',{},[el('code',{text:n})]),el('td',{text:typeOf(p)}),el('td',{text:(p.description||'')+(c.length?' ('+c.join(', ')+')':'')})]);});return el('table',{},[el('tr',{},[el('th',{text:'field'}),el('th',{text:'type'}),el('th',{text:'notes'})])].concat(rows));};
  var render=function(doc){
    var ops=document.getElementById('ops');ops.textContent='';var list=[];
    Object.keys(doc.paths).forEach(function(path){Object.keys(doc.paths[path]).forEach(function(method){list.push({path:path,method:method.toUpperCase(),op:doc.paths[path][method]});});});
    var groups={};list.forEach(function(o){var t=(o.op.tags||['API'])[0];(groups[t]=groups[t]||[]).push(o);});
    Object.keys(groups).sort().forEach(function(tag){
      ops.appendChild(el('h2',{text:tag}));
      groups[tag].forEach(function(o){
        var acc=o.op['x-platform-access']||{};var body=el('div',{class:'body'});
        body.appendChild(el('p',{text:o.op.summary}));
        (o.op.description||'').split('\\n\\n').forEach(function(t){if(t)body.appendChild(el('p',{text:t.replace(/\\*\\*/g,'')}));});
        if(o.op.parameters){body.appendChild(el('h4',{text:'Parameters'}));body.appendChild(el('table',{},o.op.parameters.map(function(p){return el('tr',{},[el('td',{},[el('code',{text:p.name})]),el('td',{text:p.in}),el('td',{text:typeOf(p.schema)})]);})));}
        if(o.op.requestBody){body.appendChild(el('h4',{text:'Request body (application/json)'}));body.appendChild(schemaTable(doc,o.op.requestBody.content['application/json'].schema));}
        Object.keys(o.op.responses).forEach(function(code){var r=o.op.responses[code];if(r.$ref)return;body.appendChild(el('h4',{text:'Response '+code}));var c=r.content&&r.content['application/json'];body.appendChild(c?schemaTable(doc,c.schema):el('p',{text:r.description}));});
        body.appendChild(el('p',{text:'Errors: '+Object.keys(o.op.responses).filter(function(c){return o.op.responses[c].$ref;}).join(', ')+' as application/problem+json'}));
        var d=el('details',{'data-key':(o.method+' '+o.path+' '+tag+' '+o.op.summary).toLowerCase()},[el('summary',{},[el('span',{class:'m '+o.method,text:o.method}),el('span',{class:'p',text:o.path}),el('span',{class:'a',text:(acc.auth||'')+(acc.authority?' · '+acc.authority:'')})]),body]);
        ops.appendChild(d);
      });
    });
    var dl=document.getElementById('problem-list');
    var codes=(doc.components.schemas.Problem.properties.code.examples||[]);
    codes.forEach(function(c){var id='problem-'+c.toLowerCase().replace(/_/g,'-');dl.appendChild(el('dt',{id:id,text:c}));});
    if(location.hash){var t=document.getElementById(location.hash.slice(1));if(t)t.scrollIntoView();}
  };
  document.getElementById('filter').addEventListener('input',function(e){var q=e.target.value.toLowerCase();document.querySelectorAll('details').forEach(function(d){d.style.display=d.getAttribute('data-key').indexOf(q)>=0?'':'none';});});
  fetch('/api/docs/openapi.json').then(function(r){return r.json();}).then(render).catch(function(e){document.getElementById('ops').textContent='Could not load the API description: '+e;});
})();
`;
