//! A blocking HTTP client that keeps cookies like a browser, and what it reads back.

use std::collections::BTreeMap;

use serde_json::Value;

/// A response, read whole.
#[derive(Debug)]
pub struct Resp {
    /// Status code.
    pub status: u16,
    /// Headers (lower-case names; repeated ones joined by "\n").
    pub headers: BTreeMap<String, String>,
    /// Body text.
    pub body: String,
}

impl Resp {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

/// A client that keeps cookies like a browser and never follows redirects.
#[derive(Clone)]
pub struct Client {
    agent: ureq::Agent,
    base: String,
    /// Cookies by name.
    pub cookies: BTreeMap<String, String>,
    /// Bearer token to send, if any.
    pub bearer: Option<String>,
}

impl Client {
    /// A new client for `base`.
    pub fn new(base: &str) -> Self {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .build();
        Client {
            agent: config.into(),
            base: base.to_owned(),
            cookies: BTreeMap::new(),
            bearer: None,
        }
    }

    fn finish(&mut self, res: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Resp {
        let mut res = res.expect("request completes");
        let mut headers = BTreeMap::new();
        for (k, v) in res.headers() {
            let v = v.to_str().unwrap_or_default().to_owned();
            if k.as_str() == "set-cookie" {
                let pair = v.split(';').next().unwrap_or_default();
                if let Some((name, value)) = pair.split_once('=') {
                    let removal = v.to_lowercase().contains("max-age=0") || value.is_empty();
                    if removal {
                        self.cookies.remove(name.trim());
                    } else {
                        self.cookies
                            .insert(name.trim().to_owned(), value.to_owned());
                    }
                }
            }
            headers
                .entry(k.as_str().to_owned())
                .and_modify(|e: &mut String| {
                    e.push('\n');
                    e.push_str(&v)
                })
                .or_insert(v);
        }
        let status = res.status().as_u16();
        let body = res.body_mut().read_to_string().unwrap_or_default();
        Resp {
            status,
            headers,
            body,
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// GET.
    pub fn get(&mut self, path: &str) -> Resp {
        let mut req = self
            .agent
            .get(&self.url(path))
            .header("Cookie", &self.cookie_header());
        if let Some(t) = &self.bearer {
            req = req.header("Authorization", &format!("Bearer {t}"));
        }
        let res = req.call();
        self.finish(res)
    }

    /// GET with extra headers; the body as bytes, untouched (a compressed body stays compressed).
    pub fn get_bytes(&mut self, path: &str, headers: &[(&str, &str)]) -> (Resp, Vec<u8>) {
        let mut req = self
            .agent
            .get(&self.url(path))
            .header("Cookie", &self.cookie_header());
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let mut res = req.call().expect("request completes");
        let body = res.body_mut().read_to_vec().unwrap_or_default();
        (self.finish(Ok(res)), body)
    }

    /// POST a JSON body, with extra headers.
    pub fn post_json_with(&mut self, path: &str, body: &Value, headers: &[(&str, &str)]) -> Resp {
        let mut req = self
            .agent
            .post(&self.url(path))
            .header("Cookie", &self.cookie_header());
        if let Some(t) = &self.bearer {
            req = req.header("Authorization", &format!("Bearer {t}"));
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let res = req.send_json(body);
        self.finish(res)
    }

    /// PUT a JSON body.
    pub fn put_json(&mut self, path: &str, body: &Value) -> Resp {
        let mut req = self
            .agent
            .put(&self.url(path))
            .header("Cookie", &self.cookie_header());
        if let Some(t) = &self.bearer {
            req = req.header("Authorization", &format!("Bearer {t}"));
        }
        let res = req.send_json(body);
        self.finish(res)
    }

    /// POST a JSON body.
    pub fn post_json(&mut self, path: &str, body: &Value) -> Resp {
        self.post_json_with(path, body, &[])
    }

    /// POST a form.
    pub fn post_form(&mut self, path: &str, fields: &[(&str, &str)]) -> Resp {
        let req = self
            .agent
            .post(&self.url(path))
            .header("Cookie", &self.cookie_header());
        let res = req.send_form(fields.iter().copied());
        self.finish(res)
    }

    /// Loads a page and returns the CSRF token in its first form.
    pub fn csrf_from(&mut self, path: &str) -> String {
        let page = self.get(path);
        csrf_in(&page.body).unwrap_or_else(|| panic!("no CSRF token on {path}: {}", page.body))
    }

    /// Signs in through the browser form.
    pub fn login_form(&mut self, username: &str, password: &str) -> Resp {
        let csrf = self.csrf_from("/login");
        self.post_form(
            "/login",
            &[
                ("csrf", &csrf),
                ("username", username),
                ("password", password),
                ("next", "/"),
            ],
        )
    }
}

/// The value of the first `name="csrf"` hidden input in a page.
pub fn csrf_in(html: &str) -> Option<String> {
    let at = html.find("name=\"csrf\" value=\"")? + "name=\"csrf\" value=\"".len();
    Some(html[at..].split('"').next()?.to_owned())
}
