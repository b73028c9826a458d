//! The invite link as a QR code, drawn by the page as one SVG path (no
//! inline style: the colours come from the stylesheet's `.qr` rules).

use crate::web::dom::doc;
use qrcodegen::{QrCode, QrCodeEcc};
use web_sys::Element;

const SVG: &str = "http://www.w3.org/2000/svg";

/// The SVG path of `text`'s QR code: one unit a module, a 4-module margin.
pub fn path(text: &str) -> Option<(i32, String)> {
    let qr = QrCode::encode_binary(text.as_bytes(), QrCodeEcc::Low).ok()?;
    let n = qr.size();
    let mut d = String::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            if qr.get_module(x, y) {
                d.push_str(&format!("M{},{}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    Some((n + 8, d))
}

/// An `<svg class="qr">` of `text`'s QR code, labelled for screen readers.
pub fn svg(text: &str, label: &str) -> Option<Element> {
    let (size, d) = path(text)?;
    let svg = doc().create_element_ns(Some(SVG), "svg").ok()?;
    let view = format!("0 0 {size} {size}");
    for (k, v) in [
        ("class", "qr"),
        ("viewBox", view.as_str()),
        ("role", "img"),
        ("aria-label", label),
    ] {
        let _ = svg.set_attribute(k, v);
    }
    let bg = doc().create_element_ns(Some(SVG), "rect").ok()?;
    let size = size.to_string();
    for (k, v) in [
        ("class", "qr-bg"),
        ("width", size.as_str()),
        ("height", size.as_str()),
    ] {
        let _ = bg.set_attribute(k, v);
    }
    let p = doc().create_element_ns(Some(SVG), "path").ok()?;
    let _ = p.set_attribute("class", "qr-fg");
    let _ = p.set_attribute("d", &d);
    let _ = svg.append_child(&bg);
    let _ = svg.append_child(&p);
    Some(svg)
}
