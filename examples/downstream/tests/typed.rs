//! A few lines of typed use, as a downstream user writes them.

use downstream_example::customer::Customer;
use downstream_example::order::Order;

#[test]
fn a_valid_order_parses_into_types_and_round_trips() {
    let text = r#"{"id": "ord_000123", "customer": {"name": "Ada", "tier": "gold"},
                   "lines": [{"sku": "tea", "quantity": 2}], "shipTo": {"country": "GB"}, "note": "kept"}"#;
    let order = Order::from_json_str(text).unwrap();
    assert_eq!(order.id.as_ref(), "ord_000123");
    assert_eq!(order.customer.name.as_ref(), "Ada");
    assert_eq!(order.lines[0].quantity.to_string(), "2");
    assert_eq!(order.ship_to.as_ref().map(|a| a.country.as_ref()), Some("GB"));
    // Members the schema does not name survive the round trip.
    let back: serde_json::Value = serde_json::to_value(&order).unwrap();
    assert_eq!(back, serde_json::from_str::<serde_json::Value>(text).unwrap());
}

#[test]
fn every_error_points_at_its_place() {
    let text = r#"{"id": "order-1", "customer": {"name": ""}, "lines": [], "shipTo": {"country": "gb"}}"#;
    let err = Order::from_json_str(text).unwrap_err();
    let errors = err.validation_errors().expect("validation errors");
    let places: Vec<&str> = errors.iter().map(|e| e.instance_location.as_str()).collect();
    for want in ["/id", "/customer/name", "/lines", "/shipTo/country"] {
        assert!(places.contains(&want), "no error at {want}: {err}");
    }
}

#[test]
fn schemas_that_reference_each_other_share_types() {
    // customer.lastOrder is an Order, order.customer a Customer.
    let text = r#"{"name": "Ada", "lastOrder": {"id": "ord_000001", "customer": {"name": "Ada"}, "lines": [{"sku": "tea", "quantity": 1}]}}"#;
    let customer = Customer::from_json_str(text).unwrap();
    let last = customer.last_order.expect("lastOrder");
    assert_eq!(last.id.as_ref(), "ord_000001");
}
