"""What `sh-sms twilio` looks at and changes, through the real `twilio` Client: the account, the
number or the Messaging Service, and their US registration (A2P 10DLC, toll-free verification).
Each problem goes into the report with its next step (templates/ops/twilio/)."""

from __future__ import annotations

import phonenumbers
from twilio.base.exceptions import TwilioRestException
from twilio.rest import Client

from ..config import Settings
from .twilio_report import NOTE, OK, PROBLEM, Report

TRIAL = "Trial"
ACTIVE = "active"
TOLLFREE_APPROVED = "TWILIO_APPROVED"
TOLLFREE_REJECTED = "TWILIO_REJECTED"
CAMPAIGN_VERIFIED = "VERIFIED"
POST = "POST"
SERVICES_SCANNED = 50  # services searched for the number (a deployment has a handful)
US_LOCAL, US_TOLL_FREE, OTHER = "us_local", "us_toll_free", "other"
# What a player types that a carrier's opt-in list must not hold: a YES vote would draw a reply.
VOTE_WORDS = frozenset({"YES", "Y"})


def sms_url(settings: Settings) -> str:
    """This deployment's webhook, which the number or service must call."""
    return (settings.public_base_url or "").rstrip("/") + "/sms"


def number_kind(phone: str) -> str:
    """US long code (A2P 10DLC applies), US toll-free (verification applies), or other."""
    try:
        parsed = phonenumbers.parse(phone)
    except phonenumbers.NumberParseException:
        return OTHER
    if phonenumbers.region_code_for_number(parsed) != "US":
        return OTHER
    kind = phonenumbers.number_type(parsed)
    return US_TOLL_FREE if kind == phonenumbers.PhoneNumberType.TOLL_FREE else US_LOCAL


def check_account(client: Client, settings: Settings, report: Report) -> bool:
    """The credentials work (else stop: False); a trial or suspended account is a problem."""
    try:
        account = client.api.v2010.accounts(settings.twilio_account_sid).fetch()
    except TwilioRestException as exc:
        if exc.status == 401 or exc.code == 20003:
            report.add(PROBLEM, "credentials")
            return False
        raise
    if account.type == TRIAL:
        report.add(PROBLEM, "trial")
    else:
        report.add(OK, "account", type=account.type)
    if account.status != ACTIVE:
        report.add(PROBLEM, "account_status", status=account.status)
    return True


def setup_numbers(client: Client, settings: Settings, report: Report) -> None:
    """Each number of the pool (TWILIO_FROM_NUMBER, TWILIO_NUMBERS): see `setup_number`."""
    for phone in settings.pool.numbers:
        setup_number(client, settings, report, phone)


def setup_number(client: Client, settings: Settings, report: Report, phone: str) -> None:
    """One number of the pool: it is ours and can text, its webhooks point here, it is
    registered."""
    owned = client.incoming_phone_numbers.list(phone_number=phone, limit=20)
    number = next((n for n in owned if n.phone_number == phone), None)
    if number is None:
        report.add(PROBLEM, "number_missing", phone=phone)
        return
    sms = bool((number.capabilities or {}).get("sms"))
    report.add(OK if sms else PROBLEM, "number_sms" if sms else "number_cannot_sms", phone=phone)
    url = sms_url(settings)
    desired = {"sms_url": url, "sms_method": POST, "sms_fallback_url": url}
    desired["sms_fallback_method"] = POST
    current = {name: getattr(number, name) for name in desired}
    update = client.incoming_phone_numbers(number.sid).update
    report.sync(f"number {phone}", current, desired, lambda changes: update(**changes))
    pools = services_with(client, number.sid)
    for service in pools:
        if not service.use_inbound_webhook_on_number:
            report.add(PROBLEM, "number_in_service", phone=phone, service=service.sid)
    registered = any(s.us_app_to_person_registered for s in pools)
    check_registration(client, report, phone, number.sid, registered)
    if not pools:
        report.add(NOTE, "default_keywords", phone=phone)


def services_with(client: Client, number_sid: str) -> list:
    """The Messaging Services whose sender pool holds the number."""
    found = []
    for service in client.messaging.v1.services.list(limit=SERVICES_SCANNED):
        pool = client.messaging.v1.services(service.sid).phone_numbers.list(limit=400)
        if any(member.sid == number_sid for member in pool):
            found.append(service)
    return found


def check_registration(
    client: Client, report: Report, phone: str, number_sid: str, registered: bool
) -> None:
    """US carriers block unregistered long codes (30034) and unverified toll-free (30032)."""
    kind = number_kind(phone)
    if kind == US_LOCAL:
        report.add(
            OK if registered else PROBLEM, "10dlc_ok" if registered else "10dlc", phone=phone
        )
    elif kind == US_TOLL_FREE:
        check_toll_free(client, report, phone, number_sid)


def check_toll_free(client: Client, report: Report, phone: str, number_sid: str) -> None:
    """The number's toll-free verification: approved, in review, rejected or never submitted."""
    verifications = client.messaging.v1.tollfree_verifications.list(
        tollfree_phone_number_sid=number_sid, limit=20
    )
    statuses = [v.status for v in verifications]
    if TOLLFREE_APPROVED in statuses:
        report.add(OK, "tollfree_ok", phone=phone)
    elif statuses and all(status == TOLLFREE_REJECTED for status in statuses):
        report.add(PROBLEM, "tollfree_rejected", phone=phone)
    elif statuses:
        report.add(PROBLEM, "tollfree_pending", phone=phone, status=statuses[0])
    else:
        report.add(PROBLEM, "tollfree_unverified", phone=phone)


def setup_service(client: Client, settings: Settings, report: Report) -> None:
    """TWILIO_MESSAGING_SERVICE_SID: its webhooks point here, its senders can text and are
    registered, its A2P campaign is verified and does not take YES for an opt-in."""
    sid = settings.twilio_messaging_service_sid
    context = client.messaging.v1.services(sid)
    try:
        service = context.fetch()
    except TwilioRestException as exc:
        if exc.status == 404:
            report.add(PROBLEM, "service_missing", service=sid)
            return
        raise
    url = sms_url(settings)
    desired = {"inbound_request_url": url, "inbound_method": POST, "fallback_url": url}
    desired |= {"fallback_method": POST, "status_callback": settings.callback_url}
    desired["use_inbound_webhook_on_number"] = False  # the service's URL, not each number's
    current = {name: getattr(service, name) for name in desired}
    report.sync(f"service {sid}", current, desired, lambda changes: context.update(**changes))
    pool = context.phone_numbers.list(limit=400)
    if not pool and not context.short_codes.list(limit=20):
        report.add(PROBLEM, "service_no_senders", service=sid)
    members = {member.phone_number for member in pool}
    for phone in settings.twilio_numbers.split(","):  # listed by hand: each must be a sender
        if phone.strip() and phone.strip() not in members:
            report.add(PROBLEM, "number_not_in_service", phone=phone.strip(), service=sid)
    for member in pool:
        sms = "SMS" in {c.upper() for c in member.capabilities or []}
        template = "number_sms" if sms else "number_cannot_sms"
        report.add(OK if sms else PROBLEM, template, phone=member.phone_number)
        registered = bool(service.us_app_to_person_registered)
        check_registration(client, report, member.phone_number, member.sid, registered)
    if service.us_app_to_person_registered:
        check_campaigns(context, report, sid)
    report.add(NOTE, "advanced_opt_out", service=sid)


def check_campaigns(context, report: Report, sid: str) -> None:
    """Each US A2P campaign of the service is verified and keeps YES out of its opt-in words."""
    for campaign in context.us_app_to_person.list(limit=20):
        if campaign.campaign_status != CAMPAIGN_VERIFIED:
            report.add(PROBLEM, "campaign_status", service=sid, status=campaign.campaign_status)
        words = {w.strip().upper() for w in campaign.opt_in_keywords or []}
        if words & VOTE_WORDS:
            report.add(PROBLEM, "yes_opt_in", service=sid, words=sorted(words & VOTE_WORDS))
